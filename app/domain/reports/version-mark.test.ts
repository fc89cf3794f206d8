import { describe, expect, it } from "vitest";
import { isSuperseded, versionMark } from "./version-mark.ts";

/** Version 1, replaced on 20 November 2026 while `currentVersion` is the newest. */
const markOfFirstVersion = (
  currentVersion: number,
  subjectDecision: Parameters<typeof versionMark>[0]["subjectDecision"],
) =>
  versionMark({
    version: 1,
    currentVersion,
    supersededAt: new Date("2026-11-20T10:00:00Z"),
    subjectDecision,
  });

describe("versionMark: what the doctor's copy of a version says it is", () => {
  it("marks a version replaced by a later one as superseded, by which version and when", () => {
    const mark = markOfFirstVersion(3, "correction");
    expect(mark.label).toBe("Version 1 · superseded");
    expect(mark.text).toBe(
      "This version was superseded by version 2 on 20 November 2026. It was not released to the employer. It is the text the person read, kept for the record.",
    );
    expect(isSuperseded({ version: 2, currentVersion: 3 })).toBe(true);
  });

  it("never calls the current version superseded; it says what the person decided", () => {
    const current = { version: 2, currentVersion: 2, supersededAt: null } as const;
    expect(isSuperseded(current)).toBe(false);
    const marks = (["correction", "withheld", "approved", null] as const).map((d) =>
      versionMark({ ...current, subjectDecision: d }),
    );
    expect(marks.map((m) => m.label)).toEqual([
      "Version 2 · correction asked",
      "Version 2 · consent withheld",
      "Version 2 · approved",
      "Version 2 · not released",
    ]);
    for (const mark of marks) expect(`${mark.label} ${mark.text}`).not.toMatch(/superseded/i);
    // Only an approved version was released; the others say they were not.
    expect(marks[0]?.text).toMatch(/not released to the employer/);
    expect(marks[1]?.text).toMatch(/not released to the employer/);
    expect(marks[3]?.text).toMatch(/has not been released to the employer/);
  });

  it("never says a released version that was later amended was not released", () => {
    const mark = markOfFirstVersion(2, "approved");
    expect(mark.label).toBe("Version 1 · released, later amended");
    expect(mark.text).toMatch(/released to the employer\. A later version amends it/);
    expect(mark.text).not.toMatch(/not released/);
  });
});
