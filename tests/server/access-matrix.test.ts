import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server.ts";
import {
  caseClinicalNote,
  caseDocument,
  caseMessage,
  consultation,
  invoice,
  member,
  organisation,
  referral,
  referralManager,
  report,
} from "~/db/schema/index.ts";
import { type ApiScope, apiScopes } from "~/domain/api/api-scopes.ts";
import { createApiKey } from "~/domain/api/create-api-key.server.ts";
import { revokeApiKey } from "~/domain/api/revoke-api-key.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { createOrder, handlePaymentEvent } from "~/domain/billing/orders.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { expireInvitations } from "~/domain/referrals/expire-invitations.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { leaveOrganisation } from "~/domain/teams/team.server.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { callApi } from "~tests/support/api.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { type BuiltServer, startBuiltServer } from "~tests/support/built-server.ts";
import { bookedCaseForTest, createDoctorAccountForTest } from "~tests/support/consultations.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { createSentReport } from "~tests/support/reports.ts";
import { dataUrl } from "~tests/support/router-answers.ts";
import { ServerCaller, signInWithTwoFactorEnrolment } from "~tests/support/server-requests.ts";
import { createAccountOn, PASSWORD, uniqueEmail } from "~tests/support/test-accounts.ts";

/*
 * The access matrix of the employer, doctor and subject areas: every role (anonymous, the employer
 * of side A and of side B, the doctor on A's cases and on B's, an administrator, the person's link
 * on A's cases and on B's) × every id-bearing page, file, `.data` read and action of those areas
 * (app/routes.ts) × an object of side A and one of side B. Each answer is checked against the
 * expected status (the page for the owner, 404 for another organisation's or doctor's object, 403
 * for a role the area is not for, the sign-in redirect for a visitor), and no answer may carry a
 * reference or a person's name of a side the caller has no right to. A refused action must leave
 * its object as it was. tests/server/route-fuzz/ proves no input makes the server fail; this
 * proves who gets what.
 *
 * No browser: the production build runs inside the test worker (tests/support/built-server.ts)
 * on a database of its own, where the domain's test factories make both sides' objects, and each
 * role is a cookie jar signed in through the real sign-in forms (the doctors and the administrator
 * through the forced two-factor enrolment's form too). One test per probe, in the order below: an
 * owner's action may change its object for the probes after it.
 */

let server: BuiltServer;
let runtime: Runtime;
let origin: string;

type Side = "A" | "B";
const sides: Side[] = ["A", "B"];
/** Names no page would show by chance: a side's person, on every one of its cases. */
const personName: Record<Side, string> = { A: "Xanthe Aldermoor", B: "Yorick Bramblewood" };

interface World {
  side: Side;
  organisationId: string;
  employerEmail: string;
  /** The owner: the member who makes the side's API keys. */
  ownerUserId: string;
  draftId: string;
  invitedId: string;
  /** Invited 16 days ago and lapsed: a new invitation may still be sent. */
  expiredId: string;
  inReviewId: string;
  consultationId: string;
  releasedId: string;
  reportReference: string;
  invoiceId: string;
  invoiceNumber: string;
  orderId: string;
  /** A manager of side A who is none of the roles below: the team actions' object. */
  spareMemberId: string;
  spareUserId: string;
  /** The person's link to the case in review (its consultation). */
  reviewToken: string;
  /** On the case in review: the employer's job description, and the person's fit note. */
  employerDocumentId: string;
  personDocumentId: string;
  /** Everything of this side a caller without a right to it must never see. */
  markers: string[];
}
const world = {} as Record<Side, World>;
/** The team roles' addresses, to sign in with. */
const teamEmails: Record<string, string> = {};

/*
 * Side A is a team (docs/architecture.md §4): its owner ("employer A"), an HR administrator, the
 * manager whose cases they all are, a manager named on every one of them, and a colleague who is
 * a manager on none. Side B is an owner (and a spare manager, the object of the team actions).
 */
const roles = [
  "anonymous",
  "employer A",
  "hr A",
  "manager A",
  "named A",
  "colleague A",
  "employer B",
  "doctor A",
  "doctor B",
  "admin",
  "link A",
  "link B",
] as const;
type Role = (typeof roles)[number];
type Kind = "employer" | "doctor" | "admin" | "link" | "anonymous";
const teamRoles = new Set<Role>(["hr A", "manager A", "named A", "colleague A"]);
const kindOf = (role: Role): Kind =>
  teamRoles.has(role) ? "employer" : (role.split(" ")[0] as Kind);
/** Team roles that may not see billing: managers reach no invoice. */
const managers = new Set<Role>(["manager A", "named A", "colleague A"]);
const sideOf = (role: Role): Side | null =>
  role.endsWith(" A") ? "A" : role.endsWith(" B") ? "B" : null;

/** The expected answer: the owner's statuses, or a refusal of one kind. */
type Outcome =
  | { ok: number[] }
  | "not-found"
  | "forbidden"
  | "login"
  | "doctor-login"
  | { refused: number };

interface Probe {
  name: string;
  method: "GET" | "POST";
  /** The address for side `w`'s object; `link` is the caller's own case when it is a link. */
  url: (w: World, link: World | null) => string;
  form?: (w: World) => Record<string, string>;
  expect: (role: Role, own: boolean) => Outcome;
  /** The owner's answer names its object (HTML and `.data` reads). */
  shows?: (w: World) => string;
  /** Counts only (management information): no reference or name of any side, the caller's own included. */
  countsOnly?: true;
  /** The object's state, compared before and after a refused action. */
  state?: (w: World) => Promise<string>;
  /** Billing's: owners and HR administrators only, not managers. */
  billing?: boolean;
  /** The organisation's own, not a case's: every member of the side reaches it. */
  member?: boolean;
}

/**
 * Whether a caller of the object's own side may reach it: every employer role reaches its cases
 * except the colleague who is on none of them; billing is owners' and HR administrators'.
 */
function reaches(role: Role, probe: Probe): boolean {
  if (probe.member) return true;
  if (role === "colleague A") return false;
  return !(probe.billing && managers.has(role));
}

/** The employer area: the owner's organisation only; other roles are not let in at all. */
const employerArea =
  (ok: number[], { list = false } = {}) =>
  (role: Role, own: boolean): Outcome => {
    switch (kindOf(role)) {
      case "anonymous":
      case "link":
        return "login";
      case "employer":
        // A list page is the caller's own whatever it is asked to open; it must just not open it.
        return own || list ? { ok } : "not-found";
      default:
        return "forbidden";
    }
  };

/** The doctor area: the doctor on the case only; a visitor goes to the doctors' sign-in. */
const doctorArea =
  (ok: number[]) =>
  (role: Role, own: boolean): Outcome => {
    switch (kindOf(role)) {
      case "anonymous":
      case "link":
        return "doctor-login";
      case "doctor":
        return own ? { ok } : "not-found";
      default:
        return "forbidden";
    }
  };

const rowOf = (
  table: "referral" | "consultation" | "note" | "member" | "messages" | "documents",
  id: (w: World) => string,
) => {
  return async (w: World): Promise<string> => {
    const db = runtime.database.db;
    const rows =
      table === "documents"
        ? await db
            .select({ id: caseDocument.id })
            .from(caseDocument)
            .where(eq(caseDocument.referralId, id(w)))
        : table === "messages"
          ? await db
              .select({ id: caseMessage.id, readAt: caseMessage.readAt })
              .from(caseMessage)
              .where(eq(caseMessage.referralId, id(w)))
          : table === "member"
            ? await db
                .select()
                .from(member)
                .where(eq(member.id, id(w)))
            : table === "referral"
              ? await db
                  .select()
                  .from(referral)
                  .where(eq(referral.id, id(w)))
              : table === "consultation"
                ? await db
                    .select()
                    .from(consultation)
                    .where(eq(consultation.id, id(w)))
                : await db
                    .select({ id: caseClinicalNote.id, updatedAt: caseClinicalNote.updatedAt })
                    .from(caseClinicalNote)
                    .where(eq(caseClinicalNote.referralId, id(w)));
    return JSON.stringify(rows);
  };
};

const draftForm = (w: World) => ({
  intent: "draft",
  employeeName: personName[w.side],
  employeeEmail: "matrix.person@example.org",
  referralReason: "Matrix test: back pain and time off; advice on adjustments, please.",
  jobDetails: "Warehouse team leader",
  existingAdjustments: "",
  fitForWork: "on",
  consentToProcessing: "on",
});

/**
 * A probe's form as the caller's own page would post it: an employer's pages carry the
 * organisation they were rendered for (docs/architecture.md §4), so the walk reaches the action's
 * own answer rather than the stale-tab refusal.
 */
function formOf(probe: Probe, w: World, role: Role): Record<string, string> {
  const form = probe.form?.(w) ?? {};
  const callerSide = sideOf(role);
  return kindOf(role) === "employer" && callerSide
    ? { ...form, _organisation: world[callerSide].organisationId }
    : form;
}

/**
 * A page probed both ways the router serves it: the document, and the `.data` request that a
 * client-side navigation makes to the same loader, which must be guarded exactly alike (the same
 * outcome for every role, the same object named to its owner).
 */
const pageAndData = ({
  path,
  ...probe
}: Omit<Probe, "method" | "url"> & { path: (w: World) => string }): Probe[] => [
  { ...probe, method: "GET", url: path },
  { ...probe, name: `${probe.name} (.data)`, method: "GET", url: (w) => dataUrl(path(w)) },
];

const probes: Probe[] = [
  // ---- employer: referrals ----
  ...pageAndData({
    name: "referral drawer (?viewReferral=)",
    path: (w) => `/employer-referrals?viewReferral=${w.markers[0]}`,
    expect: employerArea([200], { list: true }),
    shows: (w) => personName[w.side],
  }),
  ...pageAndData({
    name: "referral page",
    path: (w) => `/employer-referrals/${w.invitedId}`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "referral page: send a reminder",
    method: "POST",
    url: (w) => `/employer-referrals/${w.invitedId}`,
    form: () => ({ intent: "remind" }),
    // Once a day, whichever of the two reminder forms is first: 200, or 429 (too soon).
    expect: employerArea([200, 429]),
    state: rowOf("referral", (w) => w.invitedId),
  },
  {
    name: "referral page: message the doctor",
    method: "POST",
    url: (w) => `/employer-referrals/${w.inReviewId}`,
    form: () => ({ intent: "message", body: "Matrix test: can the rota start later?" }),
    // Sent: back to the thread (a redirect), a new message on the case.
    expect: employerArea([302]),
    state: rowOf("messages", (w) => w.inReviewId),
  },
  ...pageAndData({
    name: "the person's history",
    path: (w) => `/employer-people/${w.invitedId}/history`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  }),
  ...pageAndData({
    name: "referral documents",
    path: (w) => `/employer-referrals/${w.inReviewId}/documents`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "referral documents: the employer's own document",
    method: "GET",
    url: (w) => `/employer-referrals/${w.inReviewId}/documents/${w.employerDocumentId}`,
    expect: employerArea([200]),
  },
  {
    name: "referral documents: the person's fit note is never the employer's",
    method: "GET",
    url: (w) => `/employer-referrals/${w.inReviewId}/documents/${w.personDocumentId}`,
    expect: (role, own) =>
      kindOf(role) === "employer"
        ? own
          ? { refused: 404 }
          : "not-found"
        : employerArea([])(role, own),
  },
  {
    name: "referral documents: send one",
    method: "POST",
    url: (w) => `/employer-referrals/${w.inReviewId}/documents`,
    // No file: the owner reaches the form's own refusal, nobody else the form at all.
    form: () => ({ intent: "upload", kind: "job_description" }),
    expect: employerArea([400]),
    state: rowOf("documents", (w) => w.inReviewId),
  },
  ...pageAndData({
    name: "management referral: edit page",
    path: (w) => `/employer-referral/${w.draftId}`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "management referral: save the draft",
    method: "POST",
    url: (w) => `/employer-referral/${w.draftId}`,
    form: draftForm,
    expect: employerArea([302]),
    state: rowOf("referral", (w) => w.draftId),
  },
  {
    name: "send a reminder",
    method: "POST",
    url: (w) => `/employer-referrals/${w.invitedId}/remind`,
    // Once a day: the first of the team to remind is answered 200, the rest 429 (too soon).
    expect: employerArea([200, 429]),
    state: rowOf("referral", (w) => w.invitedId),
  },
  {
    name: "pay now",
    method: "POST",
    url: (w) => `/employer-referrals/${w.invitedId}/pay`,
    expect: employerArea([302]),
    state: rowOf("referral", (w) => w.invitedId),
  },
  {
    name: "review a referral before paying",
    method: "GET",
    url: (w) => `/review-referral?referral=${w.invitedId}`,
    expect: employerArea([200, 302]),
  },
  {
    name: "payment page of an order",
    method: "GET",
    url: (w) => `/payment?order=${w.orderId}`,
    expect: employerArea([200, 302]),
    billing: true,
  },
  {
    name: "billing address asked for an order",
    method: "GET",
    url: (w) => `/billing-address?order=${w.orderId}`,
    expect: employerArea([200]),
    billing: true,
  },
  {
    name: "new pre-employment referral page",
    method: "GET",
    url: () => "/pre-employment-referral",
    expect: employerArea([200], { list: true }),
  },
  // ---- employer: reports and invoices ----
  ...pageAndData({
    name: "employer report",
    path: (w) => `/employer-report/${w.reportReference}`,
    expect: employerArea([200]),
    shows: (w) => w.reportReference,
  }),
  {
    name: "employer report PDF",
    method: "GET",
    url: (w) => `/employer-reports/${w.reportReference}.pdf`,
    expect: employerArea([200]),
  },
  {
    name: "invoice PDF",
    method: "GET",
    url: (w) => `/invoices/${w.invoiceId}.pdf`,
    expect: employerArea([200]),
    billing: true,
  },
  // ---- employer: lists and the dashboard (each shows a role its own cases only) ----
  {
    name: "referrals list",
    method: "GET",
    url: () => "/employer-referrals",
    expect: employerArea([200], { list: true }),
    shows: (w) => personName[w.side],
  },
  {
    name: "reports list",
    method: "GET",
    url: () => "/employer-reports",
    expect: employerArea([200], { list: true }),
    shows: (w) => w.reportReference,
  },
  {
    name: "dashboard (.data)",
    method: "GET",
    url: () => dataUrl("/employer-dashboard"),
    expect: employerArea([200], { list: true }),
  },
  // ---- employer: management information (counts only; a manager's own, another side's none) ----
  ...["/employer-insight", dataUrl("/employer-insight"), "/employer-insight.csv"].map(
    (page): Probe => ({
      name: `insight ${page}`,
      method: "GET",
      url: () => page,
      expect: employerArea([200], { list: true }),
      countsOnly: true,
    }),
  ),
  {
    name: "referral people: name a manager",
    method: "POST",
    url: (w) => `/employer-referrals/${w.draftId}/people`,
    form: (w) => ({ intent: "name-manager", userId: w.spareUserId }),
    expect: employerArea([302]),
    state: async (w) =>
      JSON.stringify(
        await runtime.database.db
          .select({ userId: referralManager.userId })
          .from(referralManager)
          .where(eq(referralManager.referralId, w.draftId)),
      ),
  },
  // ---- employer: billing pages (no object of their own: a team role without billing is refused) ----
  ...["/employer-subscription", "/package-selection"].map(
    (page): Probe => ({
      name: `billing page ${page}`,
      method: "GET",
      url: () => page,
      expect: (role, own) =>
        kindOf(role) !== "employer"
          ? employerArea([200])(role, own)
          : managers.has(role)
            ? "forbidden"
            : { ok: [200] },
    }),
  ),
  // ---- employer: the team ----
  {
    name: "team page",
    method: "GET",
    url: () => "/employer-team",
    expect: employerArea([200], { list: true }),
  },
  {
    name: "team: change a member's role",
    method: "POST",
    url: () => "/employer-team",
    form: (w) => ({ intent: "change-role", memberId: w.spareMemberId, role: "manager" }),
    // Only an owner changes roles; another organisation's member is not found.
    expect: (role, own) =>
      kindOf(role) !== "employer"
        ? employerArea([200])(role, own)
        : sideOf(role) === "B"
          ? own
            ? { ok: [200] }
            : { refused: 404 }
          : role === "employer A"
            ? own
              ? { ok: [200] }
              : { refused: 404 }
            : { refused: 403 },
    state: rowOf("member", (w) => w.spareMemberId),
  },
  {
    name: "switch to an organisation",
    method: "POST",
    url: () => "/employer-organisation",
    form: (w) => ({ organisationId: w.organisationId }),
    // Any member switches (to the one they are in: nothing moves); another's is not found.
    expect: employerArea([302]),
    member: true,
  },
  {
    name: "cancel a referral",
    method: "POST",
    url: (w) => `/employer-referrals/${w.invitedId}/cancel`,
    // The first of the team to cancel goes back to the list, the rest get 409 (already cancelled).
    expect: employerArea([302, 409]),
    state: rowOf("referral", (w) => w.invitedId),
  },
  {
    name: "referral page: confirm a new invitation",
    method: "GET",
    url: (w) => `/employer-referrals/${w.expiredId}?confirm=reinvite`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  },
  {
    name: "referral page: send a new invitation",
    method: "POST",
    url: (w) => `/employer-referrals/${w.expiredId}`,
    form: () => ({ intent: "reinvite" }),
    // The first of the team back to the page, invited again; the rest 409 (no longer expired).
    expect: employerArea([302, 409]),
    state: rowOf("referral", (w) => w.expiredId),
  },
  {
    name: "send a new invitation",
    method: "POST",
    url: (w) => `/employer-referrals/${w.expiredId}/reinvite`,
    // Invited again by the probe before: 409 for the team, the refusal for everyone else.
    expect: employerArea([302, 409]),
    state: rowOf("referral", (w) => w.expiredId),
  },
  {
    name: "close with no further action",
    method: "POST",
    url: (w) => `/employer-referrals/${w.releasedId}/close`,
    // The first of the team back to the drawer, closed; the rest 409 (already closed).
    expect: employerArea([302, 409]),
    state: rowOf("referral", (w) => w.releasedId),
  },
  {
    name: "referral page: close with no further action",
    method: "POST",
    url: (w) => `/employer-referrals/${w.releasedId}`,
    form: () => ({ intent: "close" }),
    // Closed by the probe before: 409 for the team, the refusal for everyone else.
    expect: employerArea([302, 409]),
    state: rowOf("referral", (w) => w.releasedId),
  },
  ...pageAndData({
    name: "management referral: follow-up of a released case",
    path: (w) => `/employer-referral?followUpOf=${w.releasedId}`,
    expect: employerArea([200]),
    shows: (w) => personName[w.side],
  }),
  // ---- doctor ----
  ...pageAndData({
    name: "report editor",
    path: (w) => `/doctor-referrals/${w.inReviewId}/report`,
    expect: doctorArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "report editor: save private notes",
    method: "POST",
    url: (w) => `/doctor-referrals/${w.inReviewId}/report`,
    form: () => ({ intent: "notes", clinicalNotes: "Matrix test note." }),
    expect: doctorArea([200]),
    state: rowOf("note", (w) => w.inReviewId),
  },
  {
    name: "case page: message the employer",
    method: "POST",
    url: (w) => `/doctor/cases/${w.inReviewId}`,
    form: () => ({ intent: "message", body: "Matrix test: a later start would help for now." }),
    expect: doctorArea([302]),
    state: rowOf("messages", (w) => w.inReviewId),
  },
  {
    name: "case page: message the employee",
    method: "POST",
    url: (w) => `/doctor/cases/${w.inReviewId}`,
    form: () => ({
      intent: "message",
      thread: "person_doctor",
      body: "Matrix test: how is the new start time working?",
    }),
    expect: doctorArea([302]),
    state: rowOf("messages", (w) => w.inReviewId),
  },
  ...pageAndData({
    name: "case documents",
    path: (w) => `/doctor/cases/${w.inReviewId}/documents`,
    expect: doctorArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "case documents: the person's fit note",
    method: "GET",
    url: (w) => `/doctor/cases/${w.inReviewId}/documents/${w.personDocumentId}`,
    expect: doctorArea([200]),
  },
  {
    name: "case documents: send one",
    method: "POST",
    url: (w) => `/doctor/cases/${w.inReviewId}/documents`,
    form: () => ({ intent: "upload", kind: "other", thread: "employer_doctor" }),
    expect: doctorArea([400]),
    state: rowOf("documents", (w) => w.inReviewId),
  },
  ...pageAndData({
    name: "report versions",
    path: (w) => `/doctor-referrals/${w.releasedId}/versions`,
    expect: doctorArea([200]),
    shows: (w) => w.reportReference,
  }),
  {
    name: "report version PDF",
    method: "GET",
    url: (w) => `/doctor-referrals/${w.releasedId}/versions/1.pdf`,
    expect: doctorArea([200]),
  },
  ...pageAndData({
    name: "case page",
    path: (w) => `/doctor/cases/${w.inReviewId}`,
    expect: doctorArea([200]),
    shows: (w) => personName[w.side],
  }),
  ...pageAndData({
    name: "case consultation",
    path: (w) => `/doctor/cases/${w.inReviewId}/consultation`,
    expect: doctorArea([200]),
    shows: (w) => personName[w.side],
  }),
  {
    name: "case consultation: save notes",
    method: "POST",
    url: (w) => `/doctor/cases/${w.inReviewId}/consultation`,
    form: (w) => ({ intent: "notes", consultationId: w.consultationId, notes: "Matrix note." }),
    // Notes belong to a consultation that took place: the doctor on the case reaches that rule
    // (409, the state refused by the one refusal map), anyone else is stopped before it.
    expect: doctorArea([302, 409]),
    state: rowOf("consultation", (w) => w.consultationId),
  },
  // ---- the video room: the doctor on the case (session) or the person (their link's token) ----
  {
    name: "video room",
    method: "GET",
    url: (w, link) =>
      `/consultation/${w.consultationId}${link ? `?token=${link.reviewToken}` : ""}`,
    expect: (role, own) =>
      own && kindOf(role) === "doctor"
        ? { ok: [200] }
        : own && kindOf(role) === "link"
          ? { ok: [302] }
          : "forbidden",
  },
  // ---- the person's link: their documents, and another case's by id ----
  {
    name: "assessment: documents",
    method: "GET",
    url: (_w, link) => `/assessment/${link?.reviewToken ?? "C".repeat(43)}/documents`,
    expect: (role, own) =>
      kindOf(role) === "link" ? { ok: [200] } : own ? "not-found" : "not-found",
  },
  {
    name: "assessment: message the doctor",
    method: "POST",
    url: (_w, link) => `/assessment/${link?.reviewToken ?? "C".repeat(43)}/documents`,
    form: () => ({ intent: "message", body: "Matrix test: my shifts changed this week." }),
    // The link writes on its own case only, whichever side's object the probe names.
    expect: (role) => (kindOf(role) === "link" ? { ok: [302] } : "not-found"),
  },
  {
    name: "assessment: a fit note by id",
    method: "GET",
    url: (w, link) =>
      `/assessment/${link?.reviewToken ?? "C".repeat(43)}/documents/${w.personDocumentId}`,
    expect: (role, own) =>
      kindOf(role) === "link" ? (own ? { ok: [200] } : { refused: 404 }) : "not-found",
  },
  {
    name: "assessment: the employer's unshared document by id",
    method: "GET",
    url: (w, link) =>
      `/assessment/${link?.reviewToken ?? "C".repeat(43)}/documents/${w.employerDocumentId}`,
    expect: (role) => (kindOf(role) === "link" ? { refused: 404 } : "not-found"),
  },
  // ---- the person's link: a consultation id of another case is refused (last: own cancels) ----
  {
    name: "assessment: cancel a consultation by id",
    method: "POST",
    url: (_w, link) => `/assessment/${link?.reviewToken ?? "C".repeat(43)}/consultation`,
    form: (w) => ({ intent: "cancel", consultationId: w.consultationId }),
    expect: (role, own) =>
      // Another case's consultation is one this link cannot see: 404, as if it did not exist.
      kindOf(role) === "link" ? (own ? { ok: [302] } : { refused: 404 }) : "not-found",
    state: rowOf("consultation", (w) => w.consultationId),
  },
];

async function seedSide(side: Side, doctorId: string) {
  // Typed, so the seeding below is checked against the domain's signatures (the bundle is untyped).
  const db: Database = runtime.database.db;
  const employerEmail = uniqueEmail(`matrix-employer-${side.toLowerCase()}`);
  const userId = await createAccountOn(runtime, "employer", employerEmail, `Employer ${side}`);
  const [org] = await db
    .insert(organisation)
    .values({ name: `Matrix ${side} Ltd` })
    .returning({ id: organisation.id });
  const organisationId = org!.id as string;
  await db.insert(member).values({ organisationId, userId, role: "owner" });
  const actor = { userId, organisationId, organisationName: `Matrix ${side} Ltd` };
  const team: Partial<Record<Role, string>> = {};
  for (const [role, memberRole] of side === "A"
    ? ([
        ["hr A", "hr_admin"],
        ["manager A", "manager"],
        ["named A", "manager"],
        ["colleague A", "manager"],
      ] as const)
    : []) {
    const email = uniqueEmail(`matrix-${role.replace(" ", "-").toLowerCase()}`);
    const id = await createAccountOn(runtime, "employer", email, `Team ${role}`);
    await db.insert(member).values({ organisationId, userId: id, role: memberRole });
    team[role] = id;
    teamEmails[role] = email;
  }
  const spareId = await createAccountOn(
    runtime,
    "employer",
    uniqueEmail(`matrix-spare-${side.toLowerCase()}`),
    `Spare ${side}`,
  );
  const [spare] = await db
    .insert(member)
    .values({ organisationId, userId: spareId, role: "manager" })
    .returning({ id: member.id });
  // Side A's cases are its manager's, with a colleague named on each.
  const caseOwner = team["manager A"] ?? userId;
  const mine = async (referralId: string) => {
    await db
      .update(referral)
      .set({
        organisationId,
        subjectName: personName[side],
        createdBy: caseOwner,
        ownerId: caseOwner,
      })
      .where(eq(referral.id, referralId));
    if (team["named A"])
      await db
        .insert(referralManager)
        .values({ referralId, userId: team["named A"], organisationId });
  };

  const draft = await saveManagementReferral(
    employerScopeForTest(db, {
      ...actor,
      userId: caseOwner,
      memberRole: side === "A" ? "manager" : "owner",
    }),
    {
      provider: "demo",
      intent: "draft",
      input: managementReferralInput({
        employeeName: personName[side],
        employeeEmail: "matrix.person@example.org",
        referralReason: "Matrix test: back pain and time off; advice on adjustments, please.",
        jobDetails: "Warehouse team leader",
      }),
    },
  );
  if (team["named A"])
    await db
      .insert(referralManager)
      .values({ referralId: draft.referral.id, userId: team["named A"], organisationId });
  // Invited two days ago: a reminder is due.
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  const invited = await createInvitedReferralForTest(db, { type: "management", now: twoDaysAgo });
  await mine(invited.referral.id);
  // Invited 16 days ago, lapsed by the expiry sweep: within the 30 days for a new invitation.
  const lapsed = await createInvitedReferralForTest(db, {
    type: "management",
    now: new Date(Date.now() - 16 * 86_400_000),
  });
  await mine(lapsed.referral.id);
  await expireInvitations(systemScope(db, "matrix-expiry", testAdapters()));

  const inReview = await bookedCaseForTest(
    { db, adapters: { ...runtime.adapters, publicUrl: origin } },
    { doctorId, clock: server.clock },
  );
  await mine(inReview.referral.id);
  const booked = inReview.consultation;

  // A report the person has approved: released to the employer, written by this side's doctor.
  const sent = await createSentReport(db);
  const opened = await openAssessmentLink(db, {
    token: sent.token,
    origin: { ip: `192.0.2.${side === "A" ? 61 : 62}`, requestId: "matrix" },
  });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(db, opened.link, {
      origin: { ip: "192.0.2.63", requestId: "matrix" },
      adapters: testAdapters({ jobs: { send: async () => null } }),
    }),
    { version: 1, releaseDiagnosis: false },
  );
  await mine(sent.referral.id);
  await db
    .update(referral)
    .set({ assignedDoctorId: doctorId })
    .where(eq(referral.id, sent.referral.id));
  await db.update(report).set({ organisationId, doctorId }).where(eq(report.id, sent.report.id));

  const order = await createOrder(db, {
    actor,
    request: { kind: "membership", interval: "annual", packId: "starter" },
    provider: "demo",
  });
  await handlePaymentEvent(
    systemScope(db, "demo-payment", testAdapters()),
    createDemoProvider().confirmationEvent(order),
    {
      seller: {
        name: "ReferOH Ltd",
        address: "1 Example Street, London",
        vatNumber: "GB123456789",
      },
      describeBuyer: async () => ({ name: `Matrix ${side} Ltd`, address: "1 Test Road, Leeds" }),
    },
  );
  const [issued] = await db.select().from(invoice).where(eq(invoice.orderId, order.id));

  // The case conversation's documents on the case in review: the employer's job description (not
  // shared with the person) and the person's fit note (never the employer's).
  const documentOf = (thread: "employer_doctor" | "person_doctor", fileName: string) => ({
    referralId: inReview.referral.id,
    thread,
    kind: thread === "person_doctor" ? ("fit_note" as const) : ("job_description" as const),
    uploaderRole: thread === "person_doctor" ? ("person" as const) : ("owner" as const),
    uploaderName: thread === "person_doctor" ? personName[side] : `Employer ${side}`,
    fileName,
    contentType: "application/pdf",
    size: 20,
    sha256: "0".repeat(64),
    content: Buffer.from("%PDF-1.4 matrix test").toString("base64"),
    scannedBy: "active-content",
  });
  const [employerDocument, personDocument] = await db
    .insert(caseDocument)
    .values([
      documentOf("employer_doctor", `Job description ${side}.pdf`),
      documentOf("person_doctor", `Fit note ${side}.pdf`),
    ])
    .returning({ id: caseDocument.id });

  const references = await db
    .select({ reference: referral.reference })
    .from(referral)
    .where(eq(referral.organisationId, organisationId));
  world[side] = {
    side,
    organisationId,
    employerEmail,
    ownerUserId: userId,
    draftId: draft.referral.id,
    invitedId: invited.referral.id,
    expiredId: lapsed.referral.id,
    inReviewId: inReview.referral.id,
    consultationId: booked.id,
    releasedId: sent.referral.id,
    reportReference: sent.report.reference,
    invoiceId: issued!.id,
    invoiceNumber: issued!.number,
    orderId: order.id,
    spareMemberId: spare!.id,
    spareUserId: spareId,
    reviewToken: inReview.token,
    employerDocumentId: employerDocument!.id,
    personDocumentId: personDocument!.id,
    markers: [
      invited.referral.reference,
      ...references
        .map((r: { reference: string }) => r.reference)
        .filter((r: string) => r !== invited.referral.reference),
      sent.report.reference,
      issued!.number,
      personName[side],
    ],
  };
}

function matches(outcome: Outcome, { status, location }: { status: number; location: string }) {
  if (outcome === "not-found") return status === 404;
  if (outcome === "forbidden") return status === 403;
  if (outcome === "login") return status === 302 && location.startsWith("/login");
  if (outcome === "doctor-login") return status === 302 && location.startsWith("/doctor-login");
  if ("refused" in outcome) return status === outcome.refused;
  return outcome.ok.includes(status);
}

/** An employer's signed-in caller, by /login's form. */
async function employerCaller(email: string) {
  const caller = new ServerCaller(server);
  const answer = await caller.post("/login", { intent: "sign-in", email, password: PASSWORD });
  expect(answer.status, `sign-in of ${email}`).toBe(302);
  expect(answer.location).toMatch(/^\/employer-dashboard/);
  return caller;
}

/** A doctor or an administrator, signed in through the forced two-factor enrolment. */
async function callerWithTwoFactor(loginPath: "/login" | "/doctor-login", email: string) {
  const caller = new ServerCaller(server);
  await signInWithTwoFactorEnrolment(caller, loginPath, email, PASSWORD);
  return caller;
}

let callers: Record<Role, ServerCaller>;
const table: string[] = [];
let requests = 0;

beforeAll(async () => {
  server = await startBuiltServer({
    settings: {
      // Refusals are what this file asks for: a warning each would only bury a real error.
      LOG_LEVEL: "error",
      JOBS: "off",
      // Each request says it comes from a client of its own (X-Forwarded-For, believed from
      // loopback only), so the link throttle answers a real client's guessing, not this walk.
      TRUST_PROXY: "loopback",
    },
  });
  ({ runtime, origin } = server);
  const doctorEmails = { A: uniqueEmail("matrix-doctor-a"), B: uniqueEmail("matrix-doctor-b") };
  const doctorIds = {} as Record<Side, string>;
  for (const side of sides)
    doctorIds[side] = await createDoctorAccountForTest(runtime, {
      email: doctorEmails[side],
      name: `Dr Matrix${side}`,
      password: PASSWORD,
    });
  for (const side of sides) await seedSide(side, doctorIds[side]);
  const adminEmail = uniqueEmail("matrix-admin");
  await createAccountOn(runtime, "admin", adminEmail, "Morgan Admin");

  const anonymous = new ServerCaller(server);
  callers = {
    anonymous,
    "employer A": await employerCaller(world.A.employerEmail),
    "hr A": await employerCaller(teamEmails["hr A"] ?? ""),
    "manager A": await employerCaller(teamEmails["manager A"] ?? ""),
    "named A": await employerCaller(teamEmails["named A"] ?? ""),
    "colleague A": await employerCaller(teamEmails["colleague A"] ?? ""),
    "employer B": await employerCaller(world.B.employerEmail),
    "doctor A": await callerWithTwoFactor("/doctor-login", doctorEmails.A),
    "doctor B": await callerWithTwoFactor("/doctor-login", doctorEmails.B),
    admin: await callerWithTwoFactor("/login", adminEmail),
    // The person has no account: their link's token, in the address, is their key.
    "link A": anonymous,
    "link B": anonymous,
  };
});

afterAll(async () => {
  if (table.length) {
    fs.mkdirSync(".reports", { recursive: true });
    fs.writeFileSync(path.join(".reports", "access-matrix.txt"), `${table.join("\n")}\n`);
    console.log(
      `access matrix: ${requests} requests, ${probes.length} probes × 2 sides × ${roles.length} roles`,
    );
  }
  for (const caller of new Set(Object.values(callers ?? {}))) caller.close();
  await server?.stop();
});

/** Every role's answer for `probe` on both sides' objects: what went wrong, one line each. */
async function walk(probe: Probe): Promise<string[]> {
  const failures: string[] = [];
  for (const target of sides) {
    const w = world[target];
    // Everyone else first: the owner's own action may change the object.
    const ordered = [...roles].sort(
      (a, b) => Number(sideOf(a) === target) - Number(sideOf(b) === target),
    );
    for (const role of ordered) {
      const callerSide = sideOf(role);
      const own = callerSide === target && (kindOf(role) !== "employer" || reaches(role, probe));
      const expected = probe.expect(role, own);
      const url = probe.url(w, kindOf(role) === "link" && callerSide ? world[callerSide] : null);
      const before = probe.state ? await probe.state(w) : undefined;
      const answer = await callers[role].send(probe.method, url, {
        body: probe.method === "POST" ? { form: formOf(probe, w, role) } : undefined,
        headers: { origin, "x-forwarded-for": `198.51.100.${(requests % 250) + 1}` },
      });
      requests++;
      const body = answer.body.toString("latin1");
      const label = `${role} ${probe.method} ${probe.name} of ${target} (${url})`;
      table.push(`${label}: ${answer.status} ${answer.location}`);
      if (!matches(expected, answer))
        failures.push(
          `${label}: expected ${JSON.stringify(expected)}, got ${answer.status} ${answer.location}`,
        );
      // Nothing of a side the caller has no right to, whatever the status: nothing of another
      // organisation; for the colleague on none of side A's cases, nothing of those cases; for
      // a manager, no invoice.
      for (const side of sides) {
        const forbidden =
          side !== callerSide || probe.countsOnly
            ? world[side].markers
            : role === "colleague A"
              ? world[side].markers.filter((m) => m !== world[side].invoiceNumber)
              : [];
        const billing =
          side === callerSide && managers.has(role) ? [world[side].invoiceNumber] : [];
        // A sign-in redirect hands back the address the caller asked for, and nothing else.
        for (const marker of [...forbidden, ...billing])
          if (body.includes(marker) && !decodeURIComponent(url).includes(marker))
            failures.push(`${label}: the answer contains ${marker}`);
      }
      if (own && probe.shows && typeof expected === "object" && "ok" in expected) {
        if (answer.status === 200 && !body.includes(probe.shows(w)))
          failures.push(`${label}: the owner's answer does not show ${probe.shows(w)}`);
      }
      if (probe.state && !(typeof expected === "object" && "ok" in expected)) {
        const after = await probe.state(w);
        if (after !== before) failures.push(`${label}: a refused action changed the object`);
      }
    }
  }
  return failures;
}

describe("every role gets its own objects of the employer, doctor and subject areas and nothing of another's", () => {
  for (const probe of probes)
    it(`${probe.method} ${probe.name}`, async () => {
      expect(await walk(probe)).toEqual([]);
    });

  it("walked every probe for every role on both sides", () => {
    expect(requests).toBe(probes.length * sides.length * roles.length);
  });
});

/*
 * The API's share of the matrix (docs/api.md): every endpoint of /api/v1 × a key of side A with
 * every scope, a key of A whose maker has left the team (a key is the organisation's, so it reaches
 * what key A reaches), a key of side B, an expired key of A, a revoked key of A, a key of A without
 * the endpoint's scope, and no key × the objects of side A and of side B. A key reaches only its own
 * organisation's objects (another's are not found, never told apart from a missing one); an
 * expired, revoked or missing key is a 401 and a key without the scope a 403, whatever the object;
 * no answer carries anything of a side the key is not of; a refused write changes nothing.
 */
type KeyCaller =
  | "key A"
  | "left maker's key A"
  | "key B"
  | "expired key A"
  | "revoked key A"
  | "unscoped key A"
  | "no key";
const keyCallers: KeyCaller[] = [
  "key A",
  "left maker's key A",
  "key B",
  "expired key A",
  "revoked key A",
  "unscoped key A",
  "no key",
];

interface ApiProbe {
  name: string;
  method: "GET" | "POST";
  url: (w: World) => string;
  scope: ApiScope;
  /** The answers the object's own key may get (a write may find its object moved on). */
  ok: number[];
  /** A list or the organisation's own figures: another side's key gets its own, not a 404. */
  list?: boolean;
  json?: unknown;
  state?: (w: World) => Promise<string>;
}

const apiProbes: ApiProbe[] = [
  {
    name: "list referrals after a referral",
    method: "GET",
    url: (w) => `/api/v1/referrals?after=${w.invitedId}`,
    scope: "referrals:read",
    ok: [200],
    list: true,
  },
  {
    name: "get a referral by id",
    method: "GET",
    url: (w) => `/api/v1/referrals/${w.invitedId}`,
    scope: "referrals:read",
    ok: [200],
  },
  {
    name: "get a referral by reference",
    method: "GET",
    url: (w) => `/api/v1/referrals/${w.markers[0]}`,
    scope: "referrals:read",
    ok: [200],
  },
  {
    name: "create a referral (a body the form refuses)",
    method: "POST",
    url: () => "/api/v1/referrals",
    scope: "referrals:write",
    ok: [422],
    list: true,
    json: { type: "management", employeeName: "" },
  },
  {
    name: "send a reminder",
    method: "POST",
    url: (w) => `/api/v1/referrals/${w.invitedId}/reminders`,
    scope: "referrals:write",
    ok: [200, 409, 429],
    state: rowOf("referral", (w) => w.invitedId),
  },
  {
    name: "cancel a referral",
    method: "POST",
    url: (w) => `/api/v1/referrals/${w.expiredId}/cancel`,
    scope: "referrals:write",
    ok: [200, 409],
    state: rowOf("referral", (w) => w.expiredId),
  },
  {
    name: "get a released report",
    method: "GET",
    url: (w) => `/api/v1/reports/${w.reportReference}`,
    scope: "reports:read",
    ok: [200],
  },
  {
    name: "get a released report's PDF",
    method: "GET",
    url: (w) => `/api/v1/reports/${w.reportReference}/pdf`,
    scope: "reports:read",
    ok: [200],
  },
  {
    name: "read the credit balance",
    method: "GET",
    url: () => "/api/v1/credits",
    scope: "billing:read",
    ok: [200],
    list: true,
  },
];

describe("an API key reaches its own organisation's objects and nothing of another's", () => {
  const keys = {} as Record<Exclude<KeyCaller, "unscoped key A" | "no key">, string>;
  /** Side A's keys each lacking one scope: the one an endpoint needs. */
  const lacking = {} as Record<ApiScope, string>;

  beforeAll(async () => {
    const db: Database = runtime.database.db;
    const ownerScope = (w: World, now = new Date()) =>
      employerScopeForTest(
        db,
        {
          userId: w.ownerUserId,
          organisationId: w.organisationId,
          organisationName: `Matrix ${w.side} Ltd`,
        },
        now,
      );
    const make = (w: World, scopes: ApiScope[], expiresOn = "", now = new Date()) =>
      createApiKey(ownerScope(w, now), { intent: "create-key", name: "Matrix", scopes, expiresOn });
    keys["key A"] = (await make(world.A, [...apiScopes])).secret;
    keys["key B"] = (await make(world.B, [...apiScopes])).secret;
    // An HR administrator of A makes a key and leaves the team.
    const leaverId = await createAccountOn(
      runtime,
      "employer",
      uniqueEmail("leaver"),
      "Lee Leaver",
    );
    await db
      .insert(member)
      .values({ organisationId: world.A.organisationId, userId: leaverId, role: "hr_admin" });
    const leaver = employerScopeForTest(db, {
      userId: leaverId,
      organisationId: world.A.organisationId,
      organisationName: "Matrix A Ltd",
      memberRole: "hr_admin",
    });
    keys["left maker's key A"] = (
      await createApiKey(leaver, {
        intent: "create-key",
        name: "Leaver's key",
        scopes: [...apiScopes],
        expiresOn: "",
      })
    ).secret;
    await leaveOrganisation(leaver);
    keys["expired key A"] = (
      await make(world.A, [...apiScopes], "2020-01-01", new Date("2019-12-31T12:00:00Z"))
    ).secret;
    const revoked = await make(world.A, [...apiScopes]);
    await revokeApiKey(ownerScope(world.A), revoked.id);
    keys["revoked key A"] = revoked.secret;
    for (const scope of apiScopes)
      lacking[scope] = (
        await make(
          world.A,
          apiScopes.filter((s) => s !== scope),
        )
      ).secret;
  });

  const expected = (caller: KeyCaller, target: Side, probe: ApiProbe): number[] => {
    if (caller === "no key" || caller === "expired key A" || caller === "revoked key A")
      return [401];
    if (caller === "unscoped key A") return [403];
    const own = (caller === "key B" ? "B" : "A") === target;
    return own || probe.list ? probe.ok : [404];
  };

  for (const probe of apiProbes)
    it(`${probe.method} ${probe.name}`, async () => {
      const failures: string[] = [];
      for (const target of sides) {
        const w = world[target];
        // The object's own keys last: their writes may move the object on.
        const ownKey = (caller: KeyCaller) =>
          Number(caller === `key ${target}` || (caller === "left maker's key A" && target === "A"));
        const ordered = [...keyCallers].sort((a, b) => ownKey(a) - ownKey(b));
        for (const caller of ordered) {
          const key =
            caller === "no key"
              ? undefined
              : caller === "unscoped key A"
                ? lacking[probe.scope]
                : keys[caller];
          const before = probe.state ? await probe.state(w) : undefined;
          const answer = await callApi(server, probe.method, probe.url(w), {
            key,
            json: probe.method === "POST" ? (probe.json ?? {}) : undefined,
            idempotencyKey: probe.method === "POST" ? randomUUID() : undefined,
          });
          const label = `${caller} ${probe.method} ${probe.name} of ${target}`;
          const wanted = expected(caller, target, probe);
          if (!wanted.includes(answer.status))
            failures.push(`${label}: expected ${wanted.join("/")}, got ${answer.status}`);
          if (
            answer.status !== 200 &&
            !String(answer.headers["content-type"]).startsWith("application/problem+json")
          )
            failures.push(`${label}: a refusal that is not problem details`);
          const callerSide: Side | null = caller.endsWith("B")
            ? "B"
            : caller.endsWith("A")
              ? "A"
              : null;
          const body = answer.body.toString("latin1");
          for (const side of sides)
            if (side !== callerSide || wanted[0]! >= 400)
              for (const marker of world[side].markers)
                if (body.includes(marker) && !probe.url(w).includes(marker))
                  failures.push(`${label}: the answer contains ${marker}`);
          if (probe.state && !probe.ok.includes(answer.status) && (await probe.state(w)) !== before)
            failures.push(`${label}: a refused call changed the object`);
        }
      }
      expect(failures).toEqual([]);
    });
});
