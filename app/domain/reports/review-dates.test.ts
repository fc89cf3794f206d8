import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWorkingDay } from "~/domain/calendar/working-days.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { CASE_REVIEW_KIND_LABELS } from "./case-review-kinds.ts";
import type { ReportBody } from "./report-body.ts";
import { caseReviewReminderEmail } from "./report-emails.ts";
import { adjustmentLine } from "./report-sections.ts";
import {
  addDays,
  REVIEW_REMINDER_WORKING_DAYS,
  reminderOn,
  reviewDatesOf,
} from "./review-dates.ts";

const working = (isoDate: string) => isWorkingDay(new Date(`${isoDate}T12:00:00Z`));

/** Calendar dates from 2026 to 2035: the published bank holidays and the rules after them. */
const calendarDate = fc
  .integer({ min: 0, max: 3650 })
  .map((offset) => addDays("2026-01-01", offset));
/** Any instant of the same years: reports are signed at any hour, weekends and nights included. */
const instant = fc
  .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2035, 11, 31) })
  .map((ms) => new Date(ms));

const management = (adjustments: unknown[]): ReportBody =>
  ({
    kind: "management",
    fitness: "fit-with-adjustments",
    adjustments,
    summary: "Summary.",
  }) as ReportBody;

describe("weeks counted from signing", () => {
  it("fall on the same weekday that many weeks on, in the UK", () => {
    const weeks = (signedAt: string, n: number) =>
      reviewDatesOf(management([{ text: "Phased return", weeks: n }]), new Date(signedAt))[0]
        ?.dueOn;
    // Signed on Tuesday 3 November 2026 at 09:00 (UTC, also London in winter).
    expect(weeks("2026-11-03T09:00:00Z", 6)).toBe("2026-12-15");
    // 23:30 UTC on Friday 10 July 2026 is already Saturday in London (BST).
    expect(weeks("2026-07-10T23:30:00Z", 1)).toBe("2026-07-18");
    // A review that lands on Christmas Day is on Christmas Day: the report says so.
    expect(weeks("2026-12-18T10:00:00Z", 1)).toBe("2026-12-25");
  });

  it("give the date the report's line prints, whenever it was signed and however long", () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 104 }), (signedAt, n) => {
        const item = { text: "Reduced hours", weeks: n };
        const [review] = reviewDatesOf(management([item]), signedAt);
        expect(review?.kind).toBe("adjustment_review");
        expect(adjustmentLine(item, signedAt)).toContain(
          `(review by ${formatLongDate(review!.dueOn)})`,
        );
      }),
    );
  });
});

describe("the reminder day", () => {
  it("is five working days before the review", () => {
    // Tuesday 15 December 2026: Tuesday 8th.
    expect(reminderOn("2026-12-15")).toBe("2026-12-08");
    // Monday 4 January 2027: back over New Year's Day and Christmas with its substitute days.
    expect(reminderOn("2027-01-04")).toBe("2026-12-23");
  });

  it("is a working day with exactly five working days from it to the review", () => {
    fc.assert(
      fc.property(calendarDate, (due) => {
        const reminder = reminderOn(due);
        expect(working(reminder)).toBe(true);
        expect(reminder < due).toBe(true);
        let between = 0;
        for (let day = reminder; day < due; day = addDays(day, 1)) if (working(day)) between++;
        expect(between).toBe(REVIEW_REMINDER_WORKING_DAYS);
      }),
    );
  });
});

describe("the review dates of a released version", () => {
  const signedAt = new Date("2026-11-03T09:00:00Z");

  it("takes each temporary adjustment's review date, or the end of its weeks", () => {
    const body = management([
      "Permanent: a chair with lumbar support",
      { text: "Phased return", weeks: 6 },
      { text: "No night shifts", reviewBy: "2027-02-01" },
      { text: "Both: the review date wins", weeks: 2, reviewBy: "2026-12-01" },
      { text: "Lasting", lasting: true },
    ]);
    expect(reviewDatesOf(body, signedAt)).toEqual([
      { kind: "adjustment_review", dueOn: "2026-12-01" },
      { kind: "adjustment_review", dueOn: "2026-12-15" },
      { kind: "adjustment_review", dueOn: "2027-02-01" },
    ]);
  });

  it("holds one review for adjustments reviewed on the same day", () => {
    const body = management([
      { text: "Phased return", weeks: 6 },
      { text: "Fewer hours", reviewBy: "2026-12-15" },
    ]);
    expect(reviewDatesOf(body, signedAt)).toEqual([
      { kind: "adjustment_review", dueOn: "2026-12-15" },
    ]);
  });

  it("sets none for a report of permanent adjustments, or none at all", () => {
    expect(reviewDatesOf(management(["A quiet desk"]), signedAt)).toEqual([]);
    expect(reviewDatesOf(management([]), signedAt)).toEqual([]);
  });

  it("takes a management report's follow-up review and expected return, where given as dates", () => {
    const body = {
      ...management([{ text: "Phased return", weeks: 6 }]),
      followUp: "Review in about eight weeks to see how the phased return went.",
      followUpBy: "2027-01-05",
      timescale: "About six weeks",
      expectedReturnOn: "2026-12-14",
    } as ReportBody;
    expect(reviewDatesOf(body, signedAt)).toEqual([
      { kind: "expected_return", dueOn: "2026-12-14" },
      { kind: "adjustment_review", dueOn: "2026-12-15" },
      { kind: "follow_up_review", dueOn: "2027-01-05" },
    ]);
    // The words alone set no date.
    const { followUpBy: _f, expectedReturnOn: _e, ...words } = body as Record<string, unknown>;
    expect(reviewDatesOf(words as ReportBody, signedAt)).toEqual([
      { kind: "adjustment_review", dueOn: "2026-12-15" },
    ]);
  });

  it("takes a certificate's temporary recommendations and the further assessment's date", () => {
    const body: ReportBody = {
      kind: "pre_employment",
      outcome: "further-assessment-needed",
      recommendations: [{ text: "No ladder work", weeks: 4 }],
      plan: { what: "Audiometry", expectedBy: "2026-11-20", interim: "may-start" },
    };
    expect(reviewDatesOf(body, signedAt)).toEqual([
      { kind: "further_assessment", dueOn: "2026-11-20" },
      { kind: "adjustment_review", dueOn: "2026-12-01" },
    ]);
    // The plan's date counts only while a further assessment is the outcome.
    expect(reviewDatesOf({ ...body, outcome: "fit-with-adjustments" }, signedAt)).toEqual([
      { kind: "adjustment_review", dueOn: "2026-12-01" },
    ]);
  });
});

describe("the reminder e-mail", () => {
  it("names the case by its reference, the kind and the date, and nothing of the report", () => {
    const mail = caseReviewReminderEmail({
      organisationName: "Harbour Care Ltd",
      referralReference: "REF-00042",
      kindLabel: CASE_REVIEW_KIND_LABELS.adjustment_review,
      dueOn: "2026-12-15",
      link: "https://referoh.example/employer-referrals?viewReferral=REF-00042",
      followUpLink: "https://referoh.example/employer-referral?followUpOf=REF-00042",
    });
    expect(mail.subject).toBe("Review due 15 December 2026: REF-00042");
    expect(mail.text).toContain("Review of adjustments, due on Tuesday, 15 December 2026");
    expect(mail.text).toContain(
      "https://referoh.example/employer-referrals?viewReferral=REF-00042",
    );
    expect(mail.text).toContain(
      "To refer them for a follow-up assessment:\nhttps://referoh.example/employer-referral?followUpOf=REF-00042",
    );
  });
});
