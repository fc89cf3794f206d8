import fs from "node:fs/promises";
import type { Browser, BrowserContext } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { withAdapters } from "~tests/support/adapters.ts";
import { referral, report } from "../../../app/db/schema/index.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import { inviteTeamMember } from "../../../app/domain/teams/invitations.server.ts";
import routes from "../../../app/routes.ts";
import { createInvitedReferralForTest } from "../../support/assessments.ts";
import { bookedCaseForTest } from "../../support/consultations.ts";
import { recordingMailer } from "../../support/mail.ts";
import { employerScopeForTest, managementReferralInput } from "../../support/referrals.ts";
import { createSentReport } from "../../support/reports.ts";
import { uniqueEmail } from "../auth/helpers.ts";
import { answerUpToPhq9Item9 } from "../support/guided-assessment.ts";
import { type InProcessServer, startInProcessServer } from "../support/in-process-server.ts";
import { answerOfficeQuestionnaire, startAssessment } from "../support/questionnaire.ts";
import { approveReport, withholdConsent } from "../support/report-review.ts";
import type { SeededCookie } from "../support/seeded-accounts-file.ts";
import { seedAdministrator, seedDoctor, seedEmployer } from "../support/seeded-sessions.ts";
import { expect, keepsScreenshots, seriousA11yViolations, test } from "../support/test.ts";
import {
  codeSnifferErrors,
  focusRingsCut,
  layoutProblems,
  reflowViewports,
  skippedHeadingLevels,
  smallTargets,
  textSpacingOverflow,
} from "./checks.ts";

/*
 * Every page of app/routes.ts, as the role that uses it, at 320 CSS px and at 1280 px with 200 %
 * zoom (checks.ts says how that is emulated): no sideways scrolling, no text cut off by its box,
 * no blank area after the content (WCAG 1.4.10, 1.4.4), interactive targets of 24 × 24 px or
 * spaced as 2.5.8 allows, room for every control's focus ring inside the window (2.4.7), no
 * sideways scroll at 320 px with 1.4.12's text spacing, no serious or critical axe finding, no
 * HTML_CodeSniffer WCAG 2 AA error and no heading that skips a level (each URL scanned once, at
 * 320 px; an open drawer or sheet on its own, as it is modal). The employer's drawer and the
 * doctor's case sheet are opened for a case in each state: draft, awaiting payment, invited, in
 * progress and urgent, submitted, in review with a consultation, awaiting the person, withheld
 * and complete.
 *
 * The cases are made through the domain's own test factories, which need the database, so this
 * spec runs the production build inside its test worker, on its own port and data directory, as
 * the video-room spec does (PGlite allows one process per database). The public pages need no
 * case: a test of their own checks them on the suite's server, in parallel with that one.
 */
const port = Number(process.env.REFLOW_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 150);
const origin = `http://localhost:${port}`;

let server: InProcessServer;
let runtime: InProcessServer["runtime"];

/** Route files that are not pages: data, files, redirects and actions. */
const notPages = new Set([
  "routes/resources/healthz.ts",
  "routes/resources/stripe-webhook.ts",
  "routes/resources/sitemap.ts",
  "routes/resources/robots.ts",
  "routes/auth/logout.ts",
  "routes/auth/verify-email.ts",
  "routes/employer/referral-remind.ts",
  "routes/employer/referral-cancel.ts",
  "routes/employer/referral-reinvite.ts",
  "routes/employer/referral-close.ts",
  "routes/employer/alias.ts",
  "routes/employer/invoice-pdf.ts",
  "routes/employer/report-pdf.ts",
  "routes/employer/credit-note-pdf.ts",
  "routes/employer/referral-pay.ts",
  "routes/employer/organisation.ts",
  "routes/employer/referral-people.ts",
  "routes/assessment/report-pdf.ts",
  "routes/assessment/document.ts",
  "routes/employer/referral-document.ts",
  "routes/doctor/case-document.ts",
  "routes/doctor/report-version-pdf.ts",
  "routes/admin/audit-csv.ts",
  "routes/admin/subject-access-export.ts",
  "routes/employer/insight-csv.ts",
  // The API answers JSON, a PDF or problem details; its reference page is visited below.
  "routes/api/openapi-json.ts",
  "routes/api/referrals.ts",
  "routes/api/referral.ts",
  "routes/api/referral-cancel.ts",
  "routes/api/referral-reminders.ts",
  "routes/api/report.ts",
  "routes/api/report-pdf.ts",
  "routes/api/credits.ts",
  "routes/api/not-found.ts",
  "routes/admin/insight-csv.ts",
  "routes/admin/insight-audit-sample.ts",
]);

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

function pageRoutes(entries: RouteEntry[], prefix = ""): Array<{ file: string; path: string }> {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix || "/";
    if (entry.children) return pageRoutes(entry.children, entry.path ? full : prefix);
    if (notPages.has(entry.file) || entry.file.includes("layout")) return [];
    return [{ file: entry.file, path: full }];
  });
}

type Role = "visitor" | "employer" | "doctor" | "admin" | "subject";
interface Visit {
  role: Role;
  url: string;
  /** The route pattern in app/routes.ts this URL is a page of (for the coverage check). */
  route: string;
}

/**
 * A browser context signed in with a seeded account's session cookies (seeded-sessions.ts): the
 * walk is of the pages behind the sign-in, not of registration, the e-mail link, the sign-in form
 * or the authenticator enrolment, which have journeys of their own (tests/e2e/auth/).
 */
async function signedInContext(browser: Browser, cookies: SeededCookie[]) {
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies(cookies.map(({ name, value }) => ({ name, value, url: origin })));
  return context;
}

/** Pages kept as full-page screenshots at both sizes, to be looked at by a person. */
const screenshotNames: Record<string, string> = {
  "/assessment/:token/questions/:step": "assessment-question",
  "/doctor-referrals/:referralId/report": "report-editor",
  "/admin": "admin-console",
};

/**
 * A tab whose window is set to one of the reflow sizes. Each page is loaded once and then measured
 * at each size, as a reader's own zoom changes it: a browser zooms a page that is already open, it
 * does not load it again. The size is set through a DevTools session of the tab's own because the
 * second size also changes the device pixel ratio, which Playwright sets only for a new context;
 * the session stays open because Chromium drops its emulation when it closes, and the screenshots
 * go through it too because Playwright's own put back the context's size.
 */
async function sizedTab(context: BrowserContext) {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  return {
    page,
    async resizeTo(size: keyof typeof reflowViewports) {
      const { viewport, deviceScaleFactor } = reflowViewports[size];
      await session.send("Emulation.setDeviceMetricsOverride", {
        ...viewport,
        deviceScaleFactor,
        mobile: false,
      });
      // Two frames: the resize's layout and anything its resize listeners change.
      const window_ = await page.evaluate(
        () =>
          new Promise<{ width: number; ratio: number }>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve({ width: window.innerWidth, ratio: window.devicePixelRatio }),
              ),
            ),
          ),
      );
      // A size that did not take would measure the other size twice and pass.
      expect(window_, `the window at ${size}`).toEqual({
        width: viewport.width,
        ratio: deviceScaleFactor,
      });
    },
    /** The whole page as laid out now, at the window's pixel ratio. */
    async screenshot(file: string) {
      const { cssContentSize } = await session.send("Page.getLayoutMetrics");
      const { data } = await session.send("Page.captureScreenshot", {
        format: "png",
        captureBeyondViewport: true,
        clip: { x: 0, y: 0, width: cssContentSize.width, height: cssContentSize.height, scale: 1 },
      });
      await fs.writeFile(file, Buffer.from(data, "base64"));
    },
  };
}
type SizedTab = Awaited<ReturnType<typeof sizedTab>>;

const reflowSizes = Object.keys(reflowViewports) as Array<keyof typeof reflowViewports>;
/** The size each page is loaded and scanned at. */
const narrowest = "320 px" satisfies keyof typeof reflowViewports;

/** Every visit of each role at both sizes; every problem, as a line naming page, role and size. */
async function problemsOf(
  browser: Browser,
  base: Partial<Record<Role, BrowserContext>>,
  visits: Visit[],
  baseURL: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const role of Object.keys(base) as Role[]) {
    const context = await browser.newContext({
      ...reflowViewports[narrowest],
      baseURL,
      storageState: await base[role]!.storageState(),
      reducedMotion: "reduce",
    });
    let tab = await sizedTab(context);
    for (const visit of visits.filter((v) => v.role === role)) {
      const label = `${visit.route} (${visit.url}) as ${role}`;
      try {
        problems.push(...(await checkPage(tab, visit)).map((p) => `${label} ${p}`));
      } catch (error) {
        // A page that hangs or crashes is a finding too; the next one starts on a fresh tab.
        problems.push(`${label}: ${String((error as Error).message).split("\n")[0]}`);
        await tab.page.close();
        tab = await sizedTab(context);
      }
    }
    await tab.page.close();
    await context.close();
  }
  return problems;
}

/**
 * The public pages, as a visitor with no session sees them. No case or account changes them, so
 * they are checked on the suite's own server, beside the seeded test below rather than after it.
 */
const visitorVisits: Visit[] = [
  "/",
  "/about",
  "/how-it-works",
  "/pricing",
  "/contact",
  "/register-interest",
  "/pre-employment-info",
  "/management-referral-info",
  "/sme-occupational-health",
  "/privacy-policy",
  "/terms-of-service",
  "/consent-confidentiality",
  "/gdpr-compliance",
  "/api-reference",
  "/pre-employment-demo",
  "/login",
  "/register",
  "/registration-confirmation",
  "/doctor-login",
  "/forgot-password",
  "/reset-password",
  "/two-factor",
  "/setup",
].map((route): Visit => ({ role: "visitor", route, url: route }));
visitorVisits.push({ role: "visitor", route: "/*", url: "/no-such-page" });

test("every public page reflows at 320 px and at 1280 px with 200 % zoom, as a visitor", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const visitor = await browser.newContext({ baseURL });
  const problems = await problemsOf(browser, { visitor }, visitorVisits, baseURL!);
  await visitor.close();
  expect(problems).toEqual([]);
});

test.describe("pages behind a sign-in or an assessment link", () => {
  // One server and one set of cases for the four roles' walks, one after the other in one worker.
  // A walk of its own per role, each with its own time: the whole walk in one test ran out of its
  // seven minutes when the suite loaded the machine, and said nothing of which role was slow.
  test.describe.configure({ mode: "serial" });

  /** Every signed-in page's URL, by who opens it; filled in by the set-up below. */
  let visits: Visit[] = [];
  /** Each role's browser context, signed in (the person's has no session, only links). */
  const base: Partial<Record<Role, BrowserContext>> = {};

  test.beforeAll(async ({ browser }) => {
    // Starting the server, signing the people in and making a case in every state: about half a
    // minute on a quiet 2-core machine, several when the whole suite loads it.
    test.setTimeout(300_000);
    server = await startInProcessServer({ name: "reflow", port, signalling: true });
    ({ runtime } = server);
    const db = runtime.database.db;

    // The people, signed in (the doctor and the administrator with an enrolled authenticator).
    const adminAccount = await seedAdministrator(runtime, { email: uniqueEmail("reflow-admin") });
    const employerAccount = await seedEmployer(runtime, {
      email: uniqueEmail("reflow-employer"),
      companyName: "Reflow Test Industries Ltd",
      // With an address, /payment is the payment page rather than the address it asks for first.
      address: "1 Reflow Street\nLeeds\nLS1 1AA",
    });
    const { userId, organisationId } = employerAccount;
    const doctorAccount = await seedDoctor(runtime, {
      email: uniqueEmail("reflow-doctor"),
      name: "Dr Reflow Tester",
    });
    const doctorId = doctorAccount.userId;
    const admin = { context: await signedInContext(browser, adminAccount.cookies) };
    const employer = { context: await signedInContext(browser, employerAccount.cookies) };
    const doctor = { context: await signedInContext(browser, doctorAccount.cookies) };
    const subjectContext = await browser.newContext({ baseURL: origin });
    const subject = { context: subjectContext, page: await subjectContext.newPage() };

    // The cases, one in each state, all the employer's.
    const actor = { userId, organisationId, organisationName: "Reflow Test Industries Ltd" };
    const mine = async (referralId: string, reportId?: string) => {
      await db.update(referral).set({ organisationId }).where(eq(referral.id, referralId));
      if (reportId) await db.update(report).set({ organisationId }).where(eq(report.id, reportId));
    };
    const managementInput = managementReferralInput({
      referralReason:
        "Back pain since a fall at work in the spring, with several short absences; we would like advice on duties and adjustments that would help Jo stay at work.",
      jobDetails: "Warehouse team leader, 37.5 hours a week, on site",
      questions: { recommendedAdjustments: true },
    });
    const draft = await saveManagementReferral(employerScopeForTest(db, actor), {
      provider: "demo",
      intent: "draft",
      input: managementInput,
    });
    const unpaid = await saveManagementReferral(employerScopeForTest(db, actor), {
      provider: "demo",
      intent: "submit",
      input: managementInput,
    });
    expect(unpaid.placement?.method).toBe("order");
    const [unpaidRow] = await db.select().from(referral).where(eq(referral.id, unpaid.referral.id));
    expect(unpaidRow.status).toBe("awaiting_payment");
    const orderId = unpaid.placement?.method === "order" ? unpaid.placement.orderId : "";

    const invited = await createInvitedReferralForTest(db, { type: "management" });
    await mine(invited.referral.id);

    // In progress, then urgent: the person answers until PHQ-9 item 9 raises the safety flag.
    const urgent = await createInvitedReferralForTest(db, { type: "management" });
    await mine(urgent.referral.id);
    const urgentLink = `/assessment/${urgent.token}`;
    await startAssessment(subject.page, urgentLink);
    await answerUpToPhq9Item9(subject.page, urgentLink);
    await subject.page.getByLabel("Several days").check();
    await subject.page.getByRole("button", { name: "Save and continue" }).click();
    await expect(subject.page.getByTestId("crisis-support")).toBeVisible();
    const urgentStep = new URL(subject.page.url()).pathname;
    const [urgentRow] = await db.select().from(referral).where(eq(referral.id, urgent.referral.id));
    expect(urgentRow.urgent).toBe(true);

    // A pre-employment questionnaire answered up to its review page, and another one sent.
    const atReview = await createInvitedReferralForTest(db, {
      type: "pre_employment",
      jobRole: "Office Worker",
    });
    await mine(atReview.referral.id);
    await answerOfficeQuestionnaire(subject.page, `/assessment/${atReview.token}`);
    const reviewPath = `/assessment/${atReview.token}/review`;
    const submitted = await createInvitedReferralForTest(db, {
      type: "pre_employment",
      jobRole: "Office Worker",
    });
    await mine(submitted.referral.id);
    await answerOfficeQuestionnaire(subject.page, `/assessment/${submitted.token}`);
    await subject.page.getByRole("button", { name: "Send my answers" }).click();
    await expect(subject.page.getByRole("heading", { level: 1 })).toHaveText(
      "Your answers have been sent",
    );

    // In review with the doctor, a consultation booked.
    const inReview = await bookedCaseForTest(
      { db, adapters: { ...runtime.adapters, publicUrl: origin } },
      { doctorId, clock: server.clock },
    );
    await mine(inReview.referral.id);
    const booked = inReview.consultation;

    // Reports: with the person, withheld, and released.
    const awaiting = await createSentReport(db);
    await mine(awaiting.referral.id, awaiting.report.id);
    const withheld = await createSentReport(db);
    await mine(withheld.referral.id, withheld.report.id);
    await withholdConsent(subject.page, `/assessment/${withheld.token}/report`);
    const released = await createSentReport(db);
    await mine(released.referral.id, released.report.id);
    await approveReport(subject.page, `/assessment/${released.token}/report`);
    const [releasedRow] = await db
      .select({ status: referral.status })
      .from(referral)
      .where(and(eq(referral.id, released.referral.id)));
    expect(releasedRow.status).toBe("complete");
    // The versions page is the signing doctor's own: hand the released case to this run's doctor.
    await db
      .update(referral)
      .set({ assignedDoctorId: doctorId })
      .where(eq(referral.id, released.referral.id));

    const drawerStates = {
      draft: draft.referral.id,
      "awaiting payment": unpaid.referral.id,
      invited: invited.referral.id,
      "in progress, urgent": urgent.referral.id,
      submitted: submitted.referral.id,
      "in review": inReview.referral.id,
      "awaiting the person": awaiting.referral.id,
      withheld: withheld.referral.id,
      complete: released.referral.id,
    };

    // Every URL, by who opens it.
    visits = [];
    const add = (role: Role, route: string, url = route) => visits.push({ role, url, route });
    add("subject", "/assessment/:token", `/assessment/${invited.token}`);
    add("subject", "/assessment/:token/decline", `/assessment/${invited.token}/decline`);
    add("subject", "/assessment/:token/questions/:step", urgentStep);
    add("subject", "/assessment/:token/review", reviewPath);
    add("subject", "/assessment/:token/report", `/assessment/${awaiting.token}/report`);
    add("subject", "/assessment/:token/report", `/assessment/${withheld.token}/report`);
    add("subject", "/assessment/:token/report", `/assessment/${released.token}/report`);
    add("subject", "/assessment/:token/consultation", `/assessment/${inReview.token}/consultation`);
    // The case conversation: each side's messages and documents on the case in review.
    add("subject", "/assessment/:token/documents", `/assessment/${inReview.token}/documents`);
    // A team invitation's page, as the invitee with no session opens it (the subject's context
    // has none): the new-account form beside "sign in to accept".
    const invitations = recordingMailer();
    await inviteTeamMember(
      withAdapters(employerScopeForTest(db, actor), { mailer: invitations, publicUrl: origin }),
      { email: uniqueEmail("reflow-invitee"), role: "manager" },
    );
    const joinPath = new URL(
      invitations.sent[0]?.text.match(/https?:\/\/\S+\/join\/\S+/)?.[0] ?? origin,
    ).pathname;
    add("subject", "/join/:token", joinPath);
    for (const route of [
      "/employer-dashboard",
      "/employer-referrals",
      "/pre-employment-referral",
      "/package-selection",
      "/employer-subscription",
      "/employer-reports",
      "/employer-insight",
      "/employer-integrations",
      "/employer-team",
      "/account",
      "/account/two-factor",
    ])
      add("employer", route);
    add("employer", "/employer-referral", "/employer-referral?type=management");
    add("employer", "/employer-referral/:referralId", `/employer-referral/${draft.referral.id}`);
    add("employer", "/review-referral", `/review-referral?referral=${invited.referral.id}`);
    add("employer", "/payment", `/payment?order=${orderId}`);
    add("employer", "/billing-address", `/billing-address?order=${orderId}`);
    add("employer", "/employer-report/:reference", `/employer-report/${released.report.reference}`);
    for (const [state, id] of Object.entries(drawerStates))
      add(
        "employer",
        `/employer-referrals (drawer: ${state})`,
        `/employer-referrals?viewReferral=${id}`,
      );
    // The referral's own page (what the drawer enhances): its reminder and cancel, its report,
    // and the cancel's confirmation step.
    add(
      "employer",
      "/employer-referrals/:referralId (page: invited)",
      `/employer-referrals/${invited.referral.id}`,
    );
    add(
      "employer",
      "/employer-referrals/:referralId (page: cancel confirmation)",
      `/employer-referrals/${invited.referral.id}?confirm=cancel`,
    );
    add(
      "employer",
      "/employer-referrals/:referralId (page: complete)",
      `/employer-referrals/${released.referral.id}`,
    );
    add(
      "employer",
      "/employer-referrals/:referralId/documents",
      `/employer-referrals/${inReview.referral.id}/documents`,
    );
    // The person's history: their cases in the organisation, dates and outcomes only.
    add(
      "employer",
      "/employer-people/:referralId/history",
      `/employer-people/${released.referral.id}/history`,
    );
    add(
      "employer",
      "/employer-referrals/:referralId (page: in review, messages)",
      `/employer-referrals/${inReview.referral.id}`,
    );
    add("doctor", "/doctor-dashboard");
    add(
      "doctor",
      "/doctor/cases/:referralId (in review, both threads)",
      `/doctor/cases/${inReview.referral.id}`,
    );
    add(
      "doctor",
      "/doctor/cases/:referralId/documents",
      `/doctor/cases/${inReview.referral.id}/documents`,
    );
    add("doctor", "/doctor/availability");
    // The case's own page (what the sheet enhances), with its safety contact log and with a draft.
    add("doctor", "/doctor/cases/:referralId (urgent)", `/doctor/cases/${urgent.referral.id}`);
    add(
      "doctor",
      "/doctor/cases/:referralId (submitted)",
      `/doctor/cases/${submitted.referral.id}`,
    );
    add(
      "doctor",
      "/doctor-dashboard (sheet: urgent)",
      `/doctor-dashboard?case=${urgent.referral.id}`,
    );
    add(
      "doctor",
      "/doctor-dashboard (sheet: submitted)",
      `/doctor-dashboard?case=${submitted.referral.id}`,
    );
    add(
      "doctor",
      "/doctor-dashboard (sheet: in review)",
      `/doctor-dashboard?case=${inReview.referral.id}`,
    );
    add(
      "doctor",
      "/doctor-referrals/:referralId/report",
      `/doctor-referrals/${inReview.referral.id}/report`,
    );
    add(
      "doctor",
      "/doctor/cases/:referralId/consultation",
      `/doctor/cases/${inReview.referral.id}/consultation`,
    );
    add("doctor", "/consultation/:consultationId", `/consultation/${booked.id}`);
    add(
      "doctor",
      "/doctor-referrals/:referralId/versions",
      `/doctor-referrals/${released.referral.id}/versions`,
    );
    for (const route of [
      "/admin",
      "/admin/doctors",
      "/admin/organisations",
      "/admin/cases",
      "/admin/inbox",
      "/admin/insight",
      "/admin/audit",
      "/admin/access-review",
      "/admin/subject-access",
    ])
      add("admin", route);
    add("admin", "/admin/organisations/:organisationId", `/admin/organisations/${organisationId}`);
    // A case's admin page with its hold form (in review), and without it (complete).
    add("admin", "/admin/cases/:referralId (in review)", `/admin/cases/${inReview.referral.id}`);
    add("admin", "/admin/cases/:referralId (complete)", `/admin/cases/${released.referral.id}`);

    Object.assign(base, {
      subject: subject.context,
      employer: employer.context,
      doctor: doctor.context,
      admin: admin.context,
    });
  });

  test.afterAll(async () => {
    for (const context of Object.values(base)) await context?.close();
    await server?.stop();
  });

  test("every page route of app/routes.ts has a reflow visit", () => {
    const covered = new Set(
      [...visitorVisits, ...visits].map((v) => v.route.replace(/ \(.*\)$/, "")),
    );
    const missing = pageRoutes(routes as RouteEntry[]).filter((r) => !covered.has(r.path));
    expect(missing, "page routes without a reflow visit").toEqual([]);
  });

  for (const role of ["subject", "employer", "doctor", "admin"] as const)
    test(`every page reflows at 320 px and at 1280 px with 200 % zoom, in every state of a case, as the ${role}`, async ({
      browser,
    }) => {
      // About half a minute each on a quiet 2-core machine; the bound fails a page that hangs
      // instead of the whole run waiting out the suite's time.
      test.setTimeout(240_000);
      expect(await problemsOf(browser, { [role]: base[role] }, visits, origin)).toEqual([]);
    });
});

/**
 * Every problem of one page, each as a phrase naming the size it was seen at. The page is loaded
 * once at 320 px, measured and scanned (axe, HTML_CodeSniffer, the heading check), then resized
 * and measured again.
 */
async function checkPage(tab: SizedTab, visit: Visit) {
  const { page } = tab;
  const problems: string[] = [];
  await tab.resizeTo(narrowest);
  const response = await page.goto(visit.url, { timeout: 20_000 });
  const status = response?.status() ?? 0;
  if (status >= 500) problems.push(`: HTTP ${status}`);
  // Drawers and sheets would slide in (none do with reduced motion); wait for any finite
  // animation, for two seconds at most.
  await page.evaluate(() =>
    Promise.race([
      new Promise((resolve) => setTimeout(resolve, 2_000)),
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => null)),
      ),
    ]),
  );
  for (const size of reflowSizes) {
    if (size !== narrowest) await tab.resizeTo(size);
    problems.push(...(await sizeProblems(tab, visit, size)).map((p) => `at ${size}: ${p}`));
    if (size !== narrowest) continue;
    // An open drawer or sheet is modal: the list under it is scanned on its own visit.
    const within = / \((drawer|sheet):/.test(visit.route) ? "[role=dialog]" : undefined;
    for (const finding of await seriousA11yViolations(page, within))
      problems.push(`: axe ${finding}`);
    for (const finding of await codeSnifferErrors(page, within))
      problems.push(`: HTML_CodeSniffer ${finding}`);
    for (const heading of await skippedHeadingLevels(page, within))
      problems.push(`: heading skips a level: ${heading}`);
  }
  return problems;
}

/** What the page, as it is laid out now, gets wrong at this size. */
async function sizeProblems(tab: SizedTab, visit: Visit, size: keyof typeof reflowViewports) {
  const { page } = tab;
  const problems: string[] = [];
  const layout = await layoutProblems(page);
  if (layout.horizontalOverflow > 0)
    problems.push(
      `scrolls sideways by ${layout.horizontalOverflow} px (${layout.overflowing.join("; ")})`,
    );
  for (const clipped of layout.clippedText) problems.push(`clipped ${clipped}`);
  if (layout.blankBelowContent > 2)
    problems.push(`${layout.blankBelowContent} px blank below the content`);
  for (const target of await smallTargets(page))
    problems.push(`target under 24 × 24 px: ${target}`);
  for (const control of await focusRingsCut(page))
    problems.push(`focus indicator cut by the window's edge: ${control}`);
  // WCAG 1.4.12 at 1.4.10's width: a reader's own spacing must not make the page scroll sideways.
  if (size === narrowest) {
    const spaced = await textSpacingOverflow(page);
    if (spaced.horizontalOverflow > 0)
      problems.push(
        `with WCAG 1.4.12 text spacing, scrolls sideways by ${spaced.horizontalOverflow} px (${spaced.overflowing.join("; ")})`,
      );
  }
  const shot = screenshotNames[visit.route];
  if (shot && keepsScreenshots)
    await tab.screenshot(test.info().outputPath(`${shot}-${size.replace(/\W+/g, "-")}.png`));
  return problems;
}
