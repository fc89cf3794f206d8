import { randomUUID } from "node:crypto";
import { subDays, subHours } from "date-fns";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvent,
  contactMessage,
  creditLedger,
  doctorProfile,
  interestRegistration,
  member,
  organisation,
  referral,
  session,
  user,
} from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { getCreditBalance, grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { Actor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { type ReferralStatus, referralStatuses } from "~/domain/referrals/lifecycle.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { listPrivilegedAccounts } from "./access-review.server.ts";
import { adjustOrganisationCredits } from "./adjust-organisation-credits.server.ts";
import { parseAuditFilter } from "./audit-filter.ts";
import { searchAuditLog } from "./audit-log.server.ts";
import { listCases, reassignCase } from "./cases.server.ts";
import { parseCaseFilter, reassignableStatuses } from "./cases.ts";
import { exportAuditLogCsv } from "./export-audit-log-csv.server.ts";
import { getOrganisationDetail } from "./get-organisation-detail.server.ts";
import { listInbox } from "./inbox.server.ts";
import { parseInboxFilter } from "./inbox.ts";
import { markInboxItemHandled } from "./mark-inbox-item-handled.server.ts";
import { listOrganisations } from "./organisations.server.ts";
import { getAdminOverview } from "./overview.server.ts";

const database = testDatabaseForFile();

const request = { ip: "203.0.113.9", requestId: "req-admin" };

/** The scope an administrator (or someone refused) acts in, at `now`. */
const scopeOf = (actor: Actor, now?: Date) =>
  createScope(database.db, actor, request, testAdapters(), now);

async function createUser(role: "admin" | "doctor" | "employer", opts: { createdAt?: Date } = {}) {
  const id = randomUUID();
  await database.db.insert(user).values({
    id,
    name: `${role} ${id.slice(0, 4)}`,
    email: `${role}-${id.slice(0, 8)}@example.org`,
    role,
    twoFactorEnabled: role !== "employer",
    emailVerified: true,
    createdAt: opts.createdAt ?? new Date(),
  });
  return id;
}

async function createDoctor(active = true, opts: { createdAt?: Date } = {}) {
  const id = await createUser("doctor", opts);
  await database.db.insert(doctorProfile).values({
    userId: id,
    gmcNumber: String(Math.floor(1_000_000 + Math.random() * 8_999_999)),
    active,
  });
  return id;
}

async function createOrganisation(name: string) {
  const [org] = await database.db
    .insert(organisation)
    .values({ name })
    .returning({ id: organisation.id });
  const owner = await createUser("employer");
  await database.db
    .insert(member)
    .values({ organisationId: org!.id, userId: owner, role: "owner" });
  return org!.id;
}

async function organisationWithCredits(name: string, credits: number) {
  const org = await createOrganisation(name);
  await grantCredits(database.db, { organisationId: org, credits });
  return org;
}

/** An administrator's adjustment of an organisation's credit balance, with its reason. */
function adminAdjusts(organisationId: string, credits: number, reason: string) {
  return adjustOrganisationCredits(scopeOf(admin), { organisationId, credits, reason });
}

async function createCase(
  organisationId: string,
  status: ReferralStatus,
  extra: Partial<typeof referral.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(referral)
    .values({
      reference: `REF-${Math.floor(Math.random() * 1e9)}`,
      organisationId,
      type: "management",
      status,
      subjectName: "Sam Subject",
      subjectEmail: "sam@example.org",
      createdBy: "someone",
      ownerId: "someone",
      ...extra,
    })
    .returning();
  return row!;
}

const admin: Actor = { role: "admin", userId: `u-${randomUUID()}`, twoFactorVerified: true };
const refusedActors: Actor[] = [
  {
    role: "employer",
    userId: `u-${randomUUID()}`,
    organisationId: "org-x",
    organisationName: "Org X",
    memberRole: "owner",
  },
  actorOfDoctor({ userId: `u-${randomUUID()}`, doctorActive: true, twoFactorVerified: true }),
  { role: "admin", userId: `u-${randomUUID()}`, twoFactorVerified: false },
  { role: "system", name: "not-an-administrator" },
];

describe("credit adjustment", () => {
  it("adds and removes credits through the ledger with the reason, and audits both", async () => {
    const { db } = database;
    const org = await organisationWithCredits("Ledger Ltd", 3);
    const added = await adminAdjusts(org, 5, "Goodwill after outage");
    expect(added).toEqual({ status: "adjusted", balance: 8 });
    const removed = await adminAdjusts(org, -6, "Duplicate purchase refunded");
    expect(removed).toEqual({ status: "adjusted", balance: 2 });
    const adjustments = await db
      .select({
        amount: creditLedger.amount,
        note: creditLedger.note,
        actorId: creditLedger.actorId,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.organisationId, org), eq(creditLedger.reason, "adjustment")));
    expect(adjustments.reduce((sum, a) => sum + a.amount, 0)).toBe(-1);
    expect(new Set(adjustments.map((a) => a.note))).toEqual(
      new Set(["Goodwill after outage", "Duplicate purchase refunded"]),
    );
    expect(adjustments.every((a) => a.actorId === admin.userId)).toBe(true);
    const events = await auditEventsAbout(db, org, "admin.credits_adjusted");
    expect(events.map((e) => [e.outcome, e.details.credits, e.organisationId])).toEqual([
      ["success", 5, org],
      ["success", -6, org],
    ]);
    expect(events[0]).toMatchObject({
      actorId: admin.userId,
      ip: "203.0.113.9",
      requestId: "req-admin",
    });
  });

  it("refuses to take the balance below zero, changes nothing and audits the refusal", async () => {
    const { db } = database;
    const org = await organisationWithCredits("Small Balance Ltd", 2);
    const result = await adminAdjusts(org, -3, "Too much taken");
    expect(result).toEqual({ status: "insufficient", balance: 2 });
    expect(await getCreditBalance(db, org)).toBe(2);
    const [refusal] = await auditEventsAbout(db, org, "admin.credits_adjusted");
    expect(refusal).toMatchObject({ outcome: "failure" });
  });

  it("requires a reason and a non-zero whole number, and an administrator", async () => {
    const { db } = database;
    const org = await createOrganisation("Rules Ltd");
    const base = { organisationId: org };
    await expect(
      adjustOrganisationCredits(scopeOf(admin), { ...base, credits: 2, reason: "" }),
    ).rejects.toThrow(/reason/);
    await expect(
      adjustOrganisationCredits(scopeOf(admin), { ...base, credits: 0, reason: "Nothing at all" }),
    ).rejects.toThrow(/other than 0/);
    await expect(
      adjustOrganisationCredits(scopeOf(admin), { ...base, credits: 1.5, reason: "Half a credit" }),
    ).rejects.toThrow(/whole number/);
    for (const actor of refusedActors) {
      await expect(
        adjustOrganisationCredits(scopeOf(actor), { ...base, credits: 5, reason: "Sneaky grant" }),
      ).rejects.toBeInstanceOf(DomainError);
    }
    expect(await getCreditBalance(db, org)).toBe(0);
    expect(
      await adjustOrganisationCredits(scopeOf(admin), {
        ...base,
        organisationId: "no-such-org",
        credits: 1,
        reason: "Nobody home",
      }),
    ).toEqual({ status: "not-found" });
  });

  it("lists organisations by name with balance and members, and shows one in detail", async () => {
    const org = await organisationWithCredits("Zebra Searchable Widgets", 7);
    const page = await listOrganisations(scopeOf(admin), { q: "zebra widgets", page: 1 });
    expect(page.rows).toHaveLength(0);
    const found = await listOrganisations(scopeOf(admin), { q: "Searchable", page: 1 });
    expect(found.rows).toEqual([
      expect.objectContaining({
        id: org,
        name: "Zebra Searchable Widgets",
        members: 1,
        credits: 7,
      }),
    ]);
    // A `%` typed into the search is a character, not a wildcard.
    expect((await listOrganisations(scopeOf(admin), { q: "%", page: 1 })).rows).toEqual([]);
    const detail = await getOrganisationDetail(scopeOf(admin), org);
    expect(detail?.credits).toBe(7);
    expect(detail?.members.map((m) => m.role)).toEqual(["owner"]);
  });
});

describe("case reassignment", () => {
  it("moves a submitted or in-review case to an active doctor, audited", async () => {
    const { db } = database;
    const org = await createOrganisation("Cases Ltd");
    const from = await createDoctor();
    const to = await createDoctor();
    const c = await createCase(org, "in_review", { assignedDoctorId: from });
    expect(await reassignCase(scopeOf(admin), { referralId: c.id, doctorUserId: to })).toEqual({
      status: "reassigned",
    });
    const [after] = await db.select().from(referral).where(eq(referral.id, c.id));
    expect(after?.assignedDoctorId).toBe(to);
    expect(after?.status).toBe("in_review");
    const [event] = await auditEventsAbout(db, c.id, "admin.case_reassigned");
    expect(event).toMatchObject({
      outcome: "success",
      objectType: "referral",
      organisationId: org,
      details: { fromDoctorId: from, toDoctorId: to },
    });
  });

  it("refuses other states, revoked doctors and non-doctors, and non-administrators", async () => {
    const { db } = database;
    const org = await createOrganisation("Refusals Ltd");
    const active = await createDoctor();
    const revoked = await createDoctor(false);
    const employer = await createUser("employer");
    for (const status of referralStatuses.filter((s) => !reassignableStatuses.includes(s))) {
      const c = await createCase(org, status);
      expect(
        await reassignCase(scopeOf(admin), { referralId: c.id, doctorUserId: active }),
      ).toEqual({ status: "invalid-state", current: status });
    }
    const c = await createCase(org, "submitted");
    for (const doctorUserId of [revoked, employer, "nobody"]) {
      expect(await reassignCase(scopeOf(admin), { referralId: c.id, doctorUserId })).toEqual({
        status: "doctor-unavailable",
      });
    }
    for (const actor of refusedActors) {
      await expect(
        reassignCase(scopeOf(actor), { referralId: c.id, doctorUserId: active }),
      ).rejects.toBeInstanceOf(DomainError);
    }
    const [unchanged] = await db.select().from(referral).where(eq(referral.id, c.id));
    expect(unchanged?.assignedDoctorId).toBeNull();
    expect(
      await reassignCase(scopeOf(admin), { referralId: randomUUID(), doctorUserId: active }),
    ).toEqual({ status: "not-found" });
  });

  it("filters the case list in SQL and counts SLA breaches and urgent cases", async () => {
    const org = await createOrganisation("Filter Ltd");
    const other = await createOrganisation("Other Filter Ltd");
    const before = await getAdminOverview(scopeOf(admin));
    const late = await createCase(org, "submitted", {
      slaDueAt: subHours(new Date(), 2),
      subjectName: "Lateisha Latecomer",
    });
    await createCase(org, "in_review", { slaDueAt: subHours(new Date(), -5) });
    await createCase(other, "invited", { urgent: true, type: "pre_employment" });
    await createCase(other, "complete", { urgent: true, slaDueAt: subHours(new Date(), 9) });
    const after = await getAdminOverview(scopeOf(admin));
    expect(after.slaBreaches - before.slaBreaches).toBe(1);
    expect(after.urgent - before.urgent).toBe(1);
    const submitted = (s: typeof after) => s.byStatus.find((r) => r.status === "submitted")!.count;
    expect(submitted(after) - submitted(before)).toBe(1);

    const list = (query: string) =>
      listCases(scopeOf(admin), parseCaseFilter(new URLSearchParams(query)));
    expect((await list(`organisation=${org}`)).total).toBe(2);
    expect((await list(`organisation=${other}&type=pre_employment`)).total).toBe(1);
    expect((await list(`organisation=${org}&status=submitted`)).rows.map((r) => r.id)).toEqual([
      late.id,
    ]);
    expect((await list("q=latecomer")).rows.map((r) => r.id)).toEqual([late.id]);
    expect((await list(`q=${late.reference.toLowerCase()}`)).rows.map((r) => r.id)).toEqual([
      late.id,
    ]);
    expect((await list(`organisation=${org}&flag=sla-breached`)).rows.map((r) => r.id)).toEqual([
      late.id,
    ]);
    expect((await list(`organisation=${other}&flag=urgent`)).total).toBe(1);
    const row = (await list("q=latecomer")).rows[0]!;
    // Metadata only: nothing from the questionnaire or the report reaches the list.
    expect(Object.keys(row).sort()).toEqual(
      [
        "assignedDoctorId",
        "assignedDoctorName",
        "createdAt",
        "id",
        "organisationId",
        "organisationName",
        "reference",
        "slaDueAt",
        "status",
        "subjectName",
        "type",
        "urgent",
      ].sort(),
    );
  });
});

describe("inbox", () => {
  it("marks a contact message and an interest registration handled once, audited", async () => {
    const { db } = database;
    const [message] = await db
      .insert(contactMessage)
      .values({ name: "Ava", email: "ava@example.org", message: "Please call me" })
      .returning();
    const [interest] = await db
      .insert(interestRegistration)
      .values({ fullName: "Ben", email: "ben@example.org", companyName: "Ben Co", role: "HR" })
      .returning();
    const open = await listInbox(scopeOf(admin), parseInboxFilter(new URLSearchParams()));
    expect(open.rows.map((r) => r.id)).toContain(message!.id);

    expect(await markInboxItemHandled(scopeOf(admin), { kind: "contact", id: message!.id })).toBe(
      "handled",
    );
    expect(await markInboxItemHandled(scopeOf(admin), { kind: "contact", id: message!.id })).toBe(
      "already-handled",
    );
    expect(await markInboxItemHandled(scopeOf(admin), { kind: "interest", id: interest!.id })).toBe(
      "handled",
    );
    // The id of a contact message is not an interest registration.
    expect(await markInboxItemHandled(scopeOf(admin), { kind: "interest", id: message!.id })).toBe(
      "not-found",
    );
    expect(await markInboxItemHandled(scopeOf(admin), { kind: "contact", id: "not-a-uuid" })).toBe(
      "not-found",
    );
    for (const actor of refusedActors) {
      await expect(
        markInboxItemHandled(scopeOf(actor), { kind: "contact", id: message!.id }),
      ).rejects.toBeInstanceOf(DomainError);
    }

    const [stored] = await db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, message!.id));
    expect(stored?.handledBy).toBe(admin.userId);
    expect(stored?.handledAt).toBeInstanceOf(Date);
    const stillOpen = await listInbox(scopeOf(admin), parseInboxFilter(new URLSearchParams()));
    expect(stillOpen.rows.map((r) => r.id)).not.toContain(message!.id);
    const handled = await listInbox(
      scopeOf(admin),
      parseInboxFilter(new URLSearchParams("kind=interest&state=handled")),
    );
    expect(handled.rows.map((r) => r.id)).toContain(interest!.id);
    const events = await db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "admin.enquiry_handled"));
    expect(events.map((e) => e.objectId).sort()).toEqual([message!.id, interest!.id].sort());
  });
});

describe("audit log", () => {
  it("filters by actor, organisation, referral, action and UTC date range, paginated", async () => {
    const { db } = database;
    const org = await createOrganisation("Audit Org Ltd");
    const c = await createCase(org, "in_review");
    const actorId = await createUser("admin");
    const [someone] = await db.select().from(user).where(eq(user.id, actorId));
    const at = (iso: string) => new Date(iso);
    const rows = [
      {
        occurredAt: at("2026-03-01T10:00:00Z"),
        actorId,
        action: "audit-test.alpha",
        organisationId: org,
      },
      {
        occurredAt: at("2026-03-02T23:59:59Z"),
        actorId,
        action: "audit-test.beta",
        objectType: "referral",
        objectId: c.id,
      },
      {
        occurredAt: at("2026-03-03T00:00:00Z"),
        actorId: "someone-else",
        action: "audit-test.alpha",
      },
      {
        occurredAt: at("2026-03-04T12:00:00Z"),
        actorId: "someone-else",
        action: "audit-test.gamma",
        objectType: "organisation",
        objectId: org,
      },
    ];
    for (const r of rows) await db.insert(auditEvent).values({ outcome: "success", ...r });
    const search = async (query: string) =>
      (await searchAuditLog(scopeOf(admin), parseAuditFilter(new URLSearchParams(query)))).rows.map(
        (r) => r.action,
      );
    expect(
      await search(`actor=${encodeURIComponent(someone!.email.toUpperCase())}&action=audit-test.`),
    ).toEqual(["audit-test.beta", "audit-test.alpha"]);
    expect(await search(`organisation=${org}&action=audit-test`)).toEqual([
      "audit-test.gamma",
      "audit-test.alpha",
    ]);
    expect(await search(`referral=${c.reference.toLowerCase()}`)).toEqual(["audit-test.beta"]);
    expect(await search("action=audit-test.alpha")).toEqual([
      "audit-test.alpha",
      "audit-test.alpha",
    ]);
    expect(await search("action=audit-test.&from=2026-03-02&to=2026-03-03")).toEqual([
      "audit-test.alpha",
      "audit-test.beta",
    ]);
    expect(await search("actor=nobody@example.org")).toEqual([]);
    expect(await search("referral=REF-DOES-NOT-EXIST")).toEqual([]);
    // `_` is literal in an action prefix, not "any character".
    expect(await search("action=audit_test")).toEqual([]);

    for (let i = 0; i < 55; i++)
      await recordAuditEvent(db, { action: "audit-test.bulk", outcome: "success" });
    const first = await searchAuditLog(
      scopeOf(admin),
      parseAuditFilter(new URLSearchParams("action=audit-test.bulk")),
    );
    const second = await searchAuditLog(
      scopeOf(admin),
      parseAuditFilter(new URLSearchParams("action=audit-test.bulk&page=2")),
    );
    expect([first.total, first.rows.length, second.rows.length, first.pageCount]).toEqual([
      55, 50, 5, 2,
    ]);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(55);
    for (const actor of refusedActors) {
      await expect(
        searchAuditLog(scopeOf(actor), parseAuditFilter(new URLSearchParams())),
      ).rejects.toBeInstanceOf(DomainError);
    }
  });

  it("exports the filtered log as escaped, formula-safe CSV, and audits the export", async () => {
    const { db } = database;
    await recordAuditEvent(db, {
      action: "audit-test.csv",
      outcome: "denied",
      actor: { id: "=cmd|' /C calc'!A0", role: "employer" },
      details: { note: 'comma, "quote"\nnewline' },
    });
    const filter = parseAuditFilter(new URLSearchParams("action=audit-test.csv"));
    const { csv, rows } = await exportAuditLogCsv(scopeOf(admin), filter);
    expect(rows).toBe(1);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "id,occurred_at_utc,actor_id,actor_role,organisation_id,action,object_type,object_id,outcome,ip,request_id,details",
    );
    expect(csv).toContain(`,'=cmd|' /C calc'!A0,employer,`);
    expect(csv).toContain('"{""note"":""comma, \\""quote\\""\\nnewline""}"');
    expect(lines).toHaveLength(3);
    const [exported] = await db
      .select()
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, "admin.audit_exported"), eq(auditEvent.actorId, admin.userId)),
      );
    expect(exported).toMatchObject({
      outcome: "success",
      requestId: "req-admin",
      details: { rows: 1, filter: expect.objectContaining({ action: "audit-test.csv" }) },
    });
    for (const actor of refusedActors) {
      await expect(exportAuditLogCsv(scopeOf(actor), filter)).rejects.toBeInstanceOf(DomainError);
    }
  });
});

describe("privileged-access review", () => {
  it("lists admins and doctors with their last sign-in, flagging 90 days without one", async () => {
    const { db } = database;
    const now = new Date();
    const recentAdmin = await createUser("admin", { createdAt: subDays(now, 400) });
    const staleDoctor = await createDoctor(true, { createdAt: subDays(now, 400) });
    const neverDoctor = await createDoctor(true, { createdAt: subDays(now, 100) });
    const newDoctor = await createDoctor(true, { createdAt: subDays(now, 3) });
    const employer = await createUser("employer", { createdAt: subDays(now, 400) });
    await db.insert(auditEvent).values([
      {
        actorId: recentAdmin,
        action: "auth.second_factor",
        outcome: "success",
        occurredAt: subDays(now, 2),
      },
      {
        actorId: staleDoctor,
        action: "auth.second_factor",
        outcome: "success",
        occurredAt: subDays(now, 120),
      },
      // A password step that still awaited its second factor is not a sign-in.
      {
        actorId: staleDoctor,
        action: "auth.sign_in",
        outcome: "success",
        occurredAt: subDays(now, 1),
        details: { step: "password", next: "second_factor" },
      },
      {
        actorId: staleDoctor,
        action: "auth.second_factor",
        outcome: "failure",
        occurredAt: subDays(now, 1),
      },
    ]);
    await db.insert(session).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: newDoctor,
      expiresAt: subDays(now, -1),
      createdAt: subDays(now, 1),
    });
    const accounts = await listPrivilegedAccounts(scopeOf(admin, now));
    const byId = new Map(accounts.map((a) => [a.userId, a]));
    expect(byId.has(employer)).toBe(false);
    expect(byId.get(recentAdmin)).toMatchObject({ role: "admin", inactive: false });
    expect(byId.get(recentAdmin)?.lastSignInAt?.getTime()).toBe(subDays(now, 2).getTime());
    expect(byId.get(staleDoctor)).toMatchObject({ role: "doctor", inactive: true });
    expect(byId.get(staleDoctor)?.lastSignInAt?.getTime()).toBe(subDays(now, 120).getTime());
    expect(byId.get(neverDoctor)).toMatchObject({ lastSignInAt: null, inactive: true });
    expect(byId.get(newDoctor)).toMatchObject({ inactive: false });
    for (const actor of refusedActors) {
      await expect(listPrivilegedAccounts(scopeOf(actor))).rejects.toBeInstanceOf(DomainError);
    }
  });
});
