import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ukDate } from "./report-body.ts";

/*
 * Today's date in the UK (docs/architecture.md §9) from one formatter kept for the process: the
 * same answer on every call, across the clock changes, whatever the server's own zone.
 */
describe("ukDate", () => {
  it("reads the London day, in winter (GMT) and in summer (BST)", () => {
    expect(ukDate(new Date("2026-01-15T23:59:00Z"))).toBe("2026-01-15");
    expect(ukDate(new Date("2026-06-30T22:59:00Z"))).toBe("2026-06-30");
    expect(ukDate(new Date("2026-06-30T23:00:00Z"))).toBe("2026-07-01");
    // The spring change: 01:00 GMT becomes 02:00 BST.
    expect(ukDate(new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-28");
    expect(ukDate(new Date("2026-03-29T00:30:00Z"))).toBe("2026-03-29");
  });

  it("answers as a fresh formatter would, for any instant, called in any order", () => {
    const fresh = (at: Date) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);
    fc.assert(
      fc.property(
        fc.array(
          fc.date({
            min: new Date("2000-01-01"),
            max: new Date("2100-01-01"),
            noInvalidDate: true,
          }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (instants) => {
          for (const at of instants) expect(ukDate(at)).toBe(fresh(at));
        },
      ),
    );
  });
});
