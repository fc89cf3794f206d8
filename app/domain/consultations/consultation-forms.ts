import { z } from "zod";
import { isUuid } from "~/lib/ids.ts";
import { requiredText } from "~/lib/required-text.ts";
import { parseMinute } from "./london-time.ts";

/*
 * The video consultation's forms (docs/architecture.md §3, "Forms"), one schema each, told apart
 * by the `intent` their button sends: the doctor's consultation hours, the doctor's panel on a
 * case and the employee's booking page. Each action reads the union of its page's forms; each form
 * checks its own schema in the browser. A form of one button (remove, cancel) carries only hidden
 * ids: a malformed id is not one of ours, and the action answers it "not found".
 */

/** A hidden id the page put there itself. */
const hiddenId = z.string().refine(isUuid);

const timeMessage = "Enter the start and end as times, for example 09:00.";
/** A time of day as a time field sends it (`09:00`), read as minutes after midnight. */
const timeOfDay = z.string().transform((value, ctx) => {
  const minute = parseMinute(value);
  if (minute === null) {
    ctx.addIssue({ code: "custom", message: timeMessage });
    return z.NEVER;
  }
  return minute;
});

const dayMessage = "Enter the first and last day off.";
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The consultation hours page (POST /doctor/availability). */
export const availabilityForms = {
  "add-hours": z.object({
    intent: z.literal("add-hours"),
    weekday: z.coerce
      .number()
      .int()
      .min(1, "Choose a day of the week.")
      .max(7, "Choose a day of the week."),
    start: z.string({ error: timeMessage }).pipe(timeOfDay),
    end: z.string({ error: timeMessage }).pipe(timeOfDay),
  }),
  "remove-hours": z.object({ intent: z.literal("remove-hours"), id: hiddenId }),
  "add-days-off": z.object({
    intent: z.literal("add-days-off"),
    startDate: z.string({ error: dayMessage }).regex(isoDate, dayMessage),
    // Left empty, the days off are the first day alone.
    endDate: z
      .string()
      .default("")
      .refine((value) => value === "" || isoDate.test(value), dayMessage),
    label: z.string().max(100, "Keep the note under 100 characters.").default(""),
  }),
  "remove-days-off": z.object({ intent: z.literal("remove-days-off"), id: hiddenId }),
};
export const availabilityFormSchema = z.discriminatedUnion("intent", [
  availabilityForms["add-hours"],
  availabilityForms["remove-hours"],
  availabilityForms["add-days-off"],
  availabilityForms["remove-days-off"],
]);

/** The times ticked in a slot picker, as ISO instants; none ticked is an empty list. */
const offeredTimes = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : Array.isArray(value) ? value : [value])
      .map((time) => new Date(time))
      .filter((time) => !Number.isNaN(time.getTime())),
  );

/** The longest consultation notes a case keeps (the panel's field and the server). */
export const CONSULTATION_NOTES_MAX = 20_000;

/** The doctor's consultation panel on a case (POST /doctor/cases/:referralId/consultation). */
export const consultationPanelForms = {
  offer: z.object({ intent: z.literal("offer"), times: offeredTimes }),
  cancel: z.object({ intent: z.literal("cancel"), consultationId: hiddenId }),
  notes: z.object({
    intent: z.literal("notes"),
    consultationId: hiddenId,
    notes: requiredText(
      "Enter the consultation notes.",
      CONSULTATION_NOTES_MAX,
      `Notes must be at most ${CONSULTATION_NOTES_MAX} characters.`,
    ),
  }),
  "no-show": z.object({
    intent: z.literal("no-show"),
    consultationId: hiddenId,
    times: offeredTimes,
  }),
};
export const consultationPanelFormSchema = z.discriminatedUnion("intent", [
  consultationPanelForms.offer,
  consultationPanelForms.cancel,
  consultationPanelForms.notes,
  consultationPanelForms["no-show"],
]);

/** The employee's booking page (POST /assessment/:token/consultation). */
export const subjectConsultationForms = {
  pick: z.object({
    intent: z.literal("pick"),
    consultationId: hiddenId,
    offerId: z
      .string({ error: "Choose one of the times." })
      .min(1, "Choose one of the times.")
      .refine(isUuid, "Choose one of the times."),
  }),
  "other-times": z.object({ intent: z.literal("other-times"), consultationId: hiddenId }),
  cancel: z.object({ intent: z.literal("cancel"), consultationId: hiddenId }),
};
export const subjectConsultationFormSchema = z.discriminatedUnion("intent", [
  subjectConsultationForms.pick,
  subjectConsultationForms["other-times"],
  subjectConsultationForms.cancel,
]);
