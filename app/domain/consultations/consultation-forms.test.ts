import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/form-submission.ts";
import {
  availabilityFormSchema,
  consultationPanelFormSchema,
  subjectConsultationFormSchema,
} from "./consultation-forms.ts";

const read = (schema: Parameters<typeof parseSubmission>[1], entries: [string, string][]) =>
  parseSubmission(new URLSearchParams(entries), schema);

describe("the consultation forms", () => {
  it("reads weekly hours as minutes, and refuses a time that is not one with the page's message", () => {
    const ok = read(availabilityFormSchema, [
      ["intent", "add-hours"],
      ["weekday", "2"],
      ["start", "09:00"],
      ["end", "12:30"],
    ]);
    expect(ok.status === "success" && ok.value).toEqual({
      intent: "add-hours",
      weekday: 2,
      start: 540,
      end: 750,
    });
    const bad = read(availabilityFormSchema, [
      ["intent", "add-hours"],
      ["weekday", "2"],
      ["start", "nine"],
      ["end", "12:00"],
    ]);
    expect(bad.status === "error" && bad.error).toEqual({
      start: ["Enter the start and end as times, for example 09:00."],
    });
  });

  it("takes days off with no last day, and refuses no first day", () => {
    const ok = read(availabilityFormSchema, [
      ["intent", "add-days-off"],
      ["startDate", "2027-01-04"],
      ["endDate", ""],
      ["label", ""],
    ]);
    expect(ok.status).toBe("success");
    const bad = read(availabilityFormSchema, [
      ["intent", "add-days-off"],
      ["startDate", ""],
    ]);
    expect(bad.status === "error" && bad.error).toEqual({
      startDate: ["Enter the first and last day off."],
    });
  });

  it("reads the ticked times and refuses a hidden id that is not one of ours", () => {
    const offer = read(consultationPanelFormSchema, [
      ["intent", "offer"],
      ["times", "2027-01-04T09:00:00.000Z"],
      ["times", "not a time"],
    ]);
    expect(offer.status === "success" && offer.value).toEqual({
      intent: "offer",
      times: [new Date("2027-01-04T09:00:00.000Z")],
    });
    const cancel = read(consultationPanelFormSchema, [
      ["intent", "cancel"],
      ["consultationId", "1 or 1=1"],
    ]);
    expect(cancel.status === "error" && Object.keys(cancel.error ?? {})).toEqual([
      "consultationId",
    ]);
    const pick = read(subjectConsultationFormSchema, [
      ["intent", "pick"],
      ["consultationId", "7d3b6a52-7f2e-4b8a-9a51-1c1b7b0e2f11"],
    ]);
    expect(pick.status === "error" && pick.error).toEqual({
      offerId: ["Choose one of the times."],
    });
  });
});
