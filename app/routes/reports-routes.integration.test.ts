import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessionContext } from "~/context.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { withholdReportConsent } from "~/domain/reports/withhold-report-consent.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { createSentReport } from "~tests/support/reports.ts";
import { formPost as post, routeContext, thrown } from "~tests/support/routes.ts";
import * as subjectReport from "./assessment/report.tsx";
import * as start from "./assessment/start.tsx";
import * as employerReport from "./employer/report.tsx";
import * as reportPdf from "./employer/report-pdf.ts";
import * as reports from "./employer/reports.tsx";

const database = testDatabaseForFile();
const jobsSent: string[] = [];

let ip = 0;
function contextFor(organisation?: { id: string; name: string; userId: string }) {
  const context = routeContext(database, `198.51.100.${++ip}`, jobsSent);
  if (organisation)
    context.set(sessionContext, {
      user: { id: organisation.userId },
      organisation: { id: organisation.id, name: organisation.name, memberRole: "owner" },
      actor: {
        userId: organisation.userId,
        role: "employer",
        organisationId: organisation.id,
        memberRole: "owner",
        doctorActive: null,
        twoFactorVerified: false,
      },
    } as never);
  return context;
}

/** A form's result as the action returns it for the page (Conform's `SubmissionResult`). */
type Refused = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

function employerOf(sent: Awaited<ReturnType<typeof createSentReport>>) {
  return {
    id: sent.actor.organisationId,
    name: sent.actor.organisationName,
    userId: sent.employer.ownerId,
  };
}

describe("report routes", () => {
  it("lead the person from their link to the report and refuse incomplete decisions", async () => {
    const sent = await createSentReport(database.db);
    const { token } = sent;
    const url = `http://x/assessment/${token}/report`;
    const landing = (await thrown(
      start.loader({ params: { token }, context: contextFor() } as never),
    )) as Response;
    expect(landing.headers.get("Location")).toBe(`/assessment/${token}/report`);

    const page = await subjectReport.loader({
      params: { token },
      request: new Request(url),
      context: contextFor(),
    } as never);
    expect(page.view.state).toBe("awaiting_decision");

    const noChoice = (await subjectReport.action({
      params: { token },
      request: post(url, { intent: "approve", version: "1", hasDiagnosis: "yes" }),
      context: contextFor(),
    } as never)) as { data: { result: Refused }; init: { status: number } };
    expect(noChoice.init.status).toBe(400);
    expect(noChoice.data.result.error?.releaseDiagnosis).toEqual([
      "Choose whether your employer may see the diagnosis",
    ]);
    const noComment = (await subjectReport.action({
      params: { token },
      request: post(url, { intent: "correction", version: "1", comment: "  " }),
      context: contextFor(),
    } as never)) as { data: { result: Refused } };
    expect(noComment.data.result.error?.comment).toEqual([
      "Tell the doctor what is factually wrong",
    ]);
    // The comment typed comes back with the message, so a page without JavaScript keeps it.
    expect(noComment.data.result.initialValue).toMatchObject({ intent: "correction" });

    const approved = (await thrown(
      subjectReport.action({
        params: { token },
        request: post(url, {
          intent: "approve",
          version: "1",
          hasDiagnosis: "yes",
          releaseDiagnosis: "no",
        }),
        context: contextFor(),
      } as never),
    )) as Response;
    expect(approved.status).toBe(302);
    const after = await subjectReport.loader({
      params: { token },
      request: new Request(url),
      context: contextFor(),
    } as never);
    expect(after.view).toMatchObject({
      state: "released",
      diagnosisReleased: false,
      hadDiagnosis: true,
    });

    // The employer downloads the frozen PDF as an attachment; another company gets 404.
    const own = contextFor(employerOf(sent));
    const response = (await reportPdf.loader({
      params: { file: `${sent.report.reference}.pdf` },
      context: own,
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${sent.report.reference}.pdf"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(bytes).digest("hex")).toMatch(/^[0-9a-f]{64}$/);

    const listed = await reports.loader({
      request: new Request("http://x/employer-reports?type=management"),
      context: own,
    } as never);
    expect(listed.list.rows.map((r) => r.reference)).toEqual([sent.report.reference]);

    const other = await createSentReport(database.db);
    const stranger = contextFor(employerOf(other));
    const refused = (await reportPdf.loader({
      params: { file: `${sent.report.reference}.pdf` },
      context: stranger,
    } as never)) as Response;
    expect(refused.status).toBe(404);
    // One at a time: a second loader started early could reject before anything awaits it.
    for (const reference of [sent.report.reference, other.report.reference]) {
      const error = (await thrown(
        employerReport.loader({ params: { reference }, context: stranger } as never),
      )) as { init?: { status?: number } };
      expect(error.init?.status).toBe(404);
    }
  });

  it("show a withheld decision, and give a link with no report sent on it the neutral 404", async () => {
    const sent = await createSentReport(database.db);
    const opened = await openAssessmentLink(database.db, {
      token: sent.token,
      origin: { ip: "192.0.2.9", requestId: "r" },
    });
    if (!opened.ok) throw new Error("link closed");
    await withholdReportConsent(
      subjectScopeForTest(database.db, opened.link, {
        adapters: testAdapters({ jobs: { send: async () => null } }),
      }),
      { version: 1 },
    );
    const page = await subjectReport.loader({
      params: { token: sent.token },
      request: new Request("http://x"),
      context: contextFor(),
    } as never);
    expect(page.view.state).toBe("withheld");

    const { token } = await createInvitedReferralForTest(database.db, { type: "management" });
    for (const candidate of [token, "C".repeat(43)]) {
      const error = (await thrown(
        subjectReport.loader({
          params: { token: candidate },
          request: new Request("http://x"),
          context: contextFor(),
        } as never),
      )) as { init?: { status?: number } };
      expect(error.init?.status).toBe(404);
    }
  });
});
