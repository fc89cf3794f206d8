import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QUALIFICATIONS_MAX, qualifications } from "~/domain/accounts/schemas.ts";
import { adjustmentTermIssues } from "./adjustment-term-issues.ts";
import { ADJUSTMENT_MAX_WEEKS, type ManagementReportBody, reportBody } from "./report-body.ts";
import {
  assessmentBasis,
  type ReportHeaderSource,
  reportHeaderFacts,
  riskModulesText,
  signatureLines,
} from "./report-header.ts";
import { adjustmentLine, reportSections } from "./report-sections.ts";

const source: ReportHeaderSource = {
  type: "management",
  reportReference: "REP-ABC123",
  referralReference: "REF-000123",
  version: 2,
  subjectName: "Jo Bloggs",
  organisationName: "Acme Ltd",
  jobRole: "Warehouse operative",
  jobDetails: null,
  riskModules: ["driving"],
  referralReason: "Back pain affecting lifting duties.",
  assessmentDate: new Date("2026-11-20T10:00:00Z"),
  consultationHeld: false,
  signedAt: new Date("2026-11-24T10:00:00Z"),
  approvedAt: new Date("2026-11-26T10:00:00Z"),
};

describe("reportHeaderFacts: the one header the PDF and the web pages print", () => {
  it("gives a management report its role, the employer's reason, date, basis and consent", () => {
    const facts = Object.fromEntries(reportHeaderFacts(source).map((f) => [f.id, f]));
    expect(facts["job-role"]?.value).toBe("Warehouse operative");
    expect(facts["referral-reason"]).toEqual({
      id: "referral-reason",
      label: "Reason for referral",
      value: "Back pain affecting lifting duties.",
    });
    expect(facts["assessment-date"]?.value).toBe("20 November 2026");
    expect(facts.basis?.value).toBe(
      "Online health questionnaire only; no consultation or physical examination",
    );
    expect(facts.consent?.value).toBe(
      "Jo Bloggs read this report and agreed to its release to Acme Ltd on 26 November 2026.",
    );
    // The consent statement names each clinical statement the person agreed to disclose.
    const items = reportHeaderFacts({ ...source, disclosedItems: ["low back pain", "sciatica"] });
    expect(items.find((f) => f.id === "consent")?.value).toBe(
      "Jo Bloggs read this report and agreed to its release to Acme Ltd on 26 November 2026. Jo Bloggs agreed, item by item, that Acme Ltd may be told: “low back pain” and “sciatica”.",
    );
    // Risk modules belong to a pre-employment certificate only.
    expect(facts["risk-modules"]).toBeUndefined();
    expect(facts.subject?.label).toBe("Employee");
  });

  it("names a certificate's role and every risk module, or says none was flagged", () => {
    const certificate = {
      ...source,
      type: "pre_employment" as const,
      riskModules: ["safetyCritical", "driving", "nightShifts", "loneWorking"] as const,
    };
    const facts = reportHeaderFacts(certificate);
    expect(facts.find((f) => f.id === "risk-modules")?.value).toBe(
      "Driving, night shifts, lone working and safety-critical work",
    );
    expect(facts.find((f) => f.id === "subject")?.label).toBe("Candidate");
    // The employer's reason is a management referral's; a certificate has none.
    expect(facts.find((f) => f.id === "referral-reason")).toBeUndefined();
    expect(riskModulesText([])).toBe(
      "None flagged by the employer (no driving, night shifts, lone working or safety-critical work)",
    );
    expect(riskModulesText(["loneWorking"])).toBe("Lone working");
  });

  it("says the report is not released while the person has not agreed, and the consultation basis", () => {
    const facts = reportHeaderFacts({ ...source, approvedAt: null, consultationHeld: true });
    expect(facts.find((f) => f.id === "consent")?.value).toBe(
      "Not released: Acme Ltd receives this report only if Jo Bloggs agrees to its release.",
    );
    expect(facts.find((f) => f.id === "approved")).toBeUndefined();
    expect(facts.find((f) => f.id === "basis")?.value).toBe(assessmentBasis(true));
    expect(assessmentBasis(true)).toMatch(/video consultation; no physical examination/);
  });

  it("names the job of a management referral from the employer's job details, which have no role", () => {
    const details =
      "Warehouse team leader: picking, forklift, 6am to 2pm shifts.\nLifts up to 20 kg.";
    const management = { ...source, jobRole: null, jobDetails: ` ${details} ` };
    const facts = reportHeaderFacts(management);
    const job = facts.find((f) => f.id === "job-details");
    // In the employer's words, line breaks kept, right after the employer as every report has it.
    expect(job).toEqual({ id: "job-details", label: "Job details", value: details });
    expect(facts.map((f) => f.id).slice(0, 4)).toEqual([
      "subject",
      "employer",
      "job-details",
      "referral-reason",
    ]);
    // A role, when the case has one, is the job; details are never printed beside it.
    const both = reportHeaderFacts({ ...source, jobDetails: details });
    expect(both.find((f) => f.id === "job-role")?.value).toBe("Warehouse operative");
    expect(both.find((f) => f.id === "job-details")).toBeUndefined();
    // A certificate's job is its role: job details belong to management referrals only.
    const certificate = reportHeaderFacts({
      ...source,
      type: "pre_employment",
      jobRole: null,
      jobDetails: details,
    });
    expect(certificate.some((f) => f.id === "job-role" || f.id === "job-details")).toBe(false);
    // Blank details are no job at all rather than an empty line.
    expect(
      reportHeaderFacts({ ...management, jobDetails: "  " }).some((f) => f.id === "job-details"),
    ).toBe(false);
  });

  it("leaves out what the case does not have, and keeps one order", () => {
    const facts = reportHeaderFacts({
      ...source,
      jobRole: null,
      referralReason: null,
      assessmentDate: null,
    });
    expect(facts.map((f) => f.id)).toEqual([
      "subject",
      "employer",
      "basis",
      "report-reference",
      "referral-reference",
      "signed",
      "approved",
      "version",
      "consent",
    ]);
  });
});

describe("signatureLines", () => {
  it("prints name, qualifications, GMC number and signing date", () => {
    expect(
      signatureLines({
        name: "Dr Nia Roberts",
        qualifications: "MB ChB, MFOM",
        gmcNumber: "6123456",
        signedAt: source.signedAt,
      }),
    ).toEqual([
      "Dr Nia Roberts",
      "MB ChB, MFOM",
      "GMC number 6123456",
      "Signed electronically on 24 November 2026",
    ]);
  });

  it("still signs a version from before qualifications were recorded", () => {
    expect(
      signatureLines({ name: "Dr A", qualifications: null, gmcNumber: "1", signedAt: new Date() }),
    ).toHaveLength(3);
  });
});

describe("qualifications on the doctor's account", () => {
  it("accepts post-nominals and trims them; blank is none", () => {
    expect(qualifications.parse("  MB ChB,   MFOM ")).toBe("MB ChB, MFOM");
    expect(qualifications.parse("MBBS (Lond), MRCP(UK), DOccMed")).toBe(
      "MBBS (Lond), MRCP(UK), DOccMed",
    );
    expect(qualifications.parse("Dip. Av. Med & FFOM")).toBe("Dip. Av. Med & FFOM");
    expect(qualifications.parse("")).toBeNull();
    expect(qualifications.parse(undefined)).toBeNull();
  });

  it("refuses markup, links, line breaks and long text", () => {
    for (const bad of [
      "<b>MB ChB</b>",
      "MB ChB; see https://example.com",
      "MB ChB\nMFOM",
      "MFOM \u{1F600}",
      "x".repeat(QUALIFICATIONS_MAX + 1),
    ])
      expect(qualifications.safeParse(bad).success, bad).toBe(false);
  });
});

const management = (adjustments: unknown[]): ManagementReportBody =>
  reportBody.parse({
    kind: "management",
    fitness: "fit-with-adjustments",
    adjustments,
    summary: "Fit for their role with the adjustments below.",
  }) as ManagementReportBody;

describe("temporary adjustments", () => {
  const now = new Date("2026-11-24T10:00:00Z");

  it("reads as the employer needs it: what, for how long, reviewed by when", () => {
    const signedAt = now;
    expect(adjustmentLine({ text: "Reduced lifting", weeks: 6 }, signedAt)).toBe(
      "Reduced lifting, for 6 weeks (review by 5 January 2027)",
    );
    expect(adjustmentLine({ text: "Reduced lifting.", weeks: 6, reviewBy: "2026-12-21" })).toBe(
      "Reduced lifting, for 6 weeks (review by 21 December 2026)",
    );
    expect(adjustmentLine({ text: "Later start", reviewBy: "2027-01-05" })).toBe(
      "Later start (review by 5 January 2027)",
    );
    expect(adjustmentLine({ text: "Shorter shifts", weeks: 1 })).toBe("Shorter shifts, for 1 week");
    expect(adjustmentLine("A workstation assessment.")).toBe("A workstation assessment.");
  });

  it("keeps versions signed before terms existed readable, and writes a permanent one as text", () => {
    const old = management(["Phased return over four weeks"]);
    expect(old.adjustments).toEqual(["Phased return over four weeks"]);
    expect(management([{ text: "A headset" }]).adjustments).toEqual(["A headset"]);
    const sections = reportSections(old, { includeDiagnosis: false, signedAt: now });
    expect(sections.find((s) => s.id === "recommendations")?.items).toEqual([
      "Phased return over four weeks",
    ]);
  });

  it("accepts 1 to 104 whole weeks and nothing else", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (weeks) => {
        const ok = reportBody.safeParse({
          kind: "management",
          fitness: "fit",
          adjustments: [{ text: "Reduced hours", weeks }],
          summary: "Fit.",
        }).success;
        expect(ok).toBe(weeks >= 1 && weeks <= ADJUSTMENT_MAX_WEEKS);
      }),
    );
    for (const bad of [1.5, "6", Number.NaN])
      expect(
        reportBody.safeParse({
          kind: "management",
          fitness: "fit",
          adjustments: [{ text: "Reduced hours", weeks: bad }],
          summary: "Fit.",
        }).success,
      ).toBe(false);
  });

  it("refuses a review date that is not a real date", () => {
    for (const reviewBy of ["2027-02-30", "5 January 2027", "2027-1-5", ""])
      expect(
        reportBody.safeParse({
          kind: "pre_employment",
          outcome: "fit-with-adjustments",
          recommendations: [{ text: "A headset", reviewBy }],
        }).success,
        reviewBy,
      ).toBe(false);
  });

  it("wants a review date from tomorrow to two years ahead, in UK dates", () => {
    const issues = (reviewBy: string, at = now) =>
      adjustmentTermIssues(management([{ text: "Reduced lifting", reviewBy }]), at).map(
        (i) => i.message,
      );
    expect(issues("2026-11-23")).toEqual(["Give a review date in the future."]);
    expect(issues("2026-11-24")).toEqual(["Give a review date in the future."]);
    expect(issues("2026-11-25")).toEqual([]);
    expect(issues("2028-11-24")).toEqual([]);
    expect(issues("2028-12-01")).toEqual(["Give a review date within the next two years."]);
    // 23:30 UTC on 31 March is already 1 April in the UK (BST): 1 April is not in the future.
    expect(issues("2027-04-01", new Date("2027-03-31T23:30:00Z"))).toEqual([
      "Give a review date in the future.",
    ]);
    expect(
      adjustmentTermIssues(management([{ text: "A", reviewBy: "2020-01-01" }]), now)[0]?.path,
    ).toBe("adjustments.0.reviewBy");
  });

  it("wants a follow-up review and an expected return ahead too, each at its own field", () => {
    const body = {
      ...management([]),
      followUpBy: "2026-11-24",
      expectedReturnOn: "2029-01-01",
    } as ManagementReportBody;
    expect(adjustmentTermIssues(body, now)).toEqual([
      { path: "followUpBy", message: "Give a follow-up review date in the future." },
      {
        path: "expectedReturnOn",
        message: "Give an expected return to work date within the next two years.",
      },
    ]);
  });
});
