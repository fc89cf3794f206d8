import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { activityLabel, activityLabels } from "./activity-labels.ts";

const appDir = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Every `kind: "…"` written in an insert into referral_activity, and every `activity: "…"` handed
 * to applyReferralTransition (which writes the row), anywhere in the app.
 */
function writtenKinds(): Map<string, string> {
  const kinds = new Map<string, string>();
  for (const file of sourceFiles(appDir)) {
    const text = fs.readFileSync(file, "utf8");
    for (const move of text.matchAll(/\bactivity: "([a-z][a-z_]*)"/g))
      kinds.set(move[1]!, path.relative(appDir, file));
    for (const insert of text.matchAll(/insert\(referralActivity\)[\s\S]{0,600}?\}\)/g)) {
      for (const literal of insert[0].matchAll(/"([a-z][a-z_]*)"/g)) {
        if (/kind:[^,]*$/.test(insert[0].slice(0, literal.index).split("\n").at(-1) ?? ""))
          kinds.set(literal[1]!, path.relative(appDir, file));
      }
    }
    for (const change of text.matchAll(/applyReferralTransition\([\s\S]{0,900}?\}\);/g)) {
      const activity = /activity:([^\n]*)/.exec(change[0])?.[1] ?? "";
      // The kinds chosen, not the values a condition compares with.
      for (const literal of activity.matchAll(/(?<!=== )"([a-z][a-z_]*)"/g))
        kinds.set(literal[1]!, path.relative(appDir, file));
    }
  }
  return kinds;
}

describe("activity labels", () => {
  it("label every activity kind the code writes", () => {
    const written = writtenKinds();
    // The scan finds the inserts (so it would see a new, unlabelled kind).
    expect(written.size).toBeGreaterThanOrEqual(10);
    const unlabelled = [...written].filter(([kind]) => !Object.hasOwn(activityLabels, kind));
    expect(unlabelled).toEqual([]);
  });

  it("are words, never raw keys", () => {
    for (const [kind, label] of Object.entries(activityLabels)) {
      expect(label, kind).not.toMatch(/_/);
      expect(label, kind).toMatch(/^[A-Z]/);
      expect(activityLabel(kind)).toBe(label);
    }
    expect(activityLabel("report_sent_to_subject")).toBe("Report sent to the employee to review");
    expect(activityLabel("some_future_kind")).toBe("Some future kind");
  });
});
