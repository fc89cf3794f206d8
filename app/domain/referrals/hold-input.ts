import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";

/** Long enough for a clear note to colleagues, short enough that it stays a note. */
export const HOLD_REASON_MAX = 500;

/**
 * The administrator's "Put on hold" form (docs/architecture.md §4, "On hold"): a reason for
 * ReferOH's own staff, and a confirmation that the case stops for everyone until lifted.
 */
export const putOnHoldSchema = z.object({
  intent: z.literal("hold"),
  reason: requiredText(
    "Enter why the case is on hold.",
    HOLD_REASON_MAX,
    `Keep the reason to ${HOLD_REASON_MAX} characters or fewer.`,
  ),
  confirm: z.literal("yes", {
    error: "Confirm that the case stops for everyone until the hold is lifted.",
  }),
});

/** The admin case page's forms, told apart by their intent. */
export const adminCaseActionSchema = z.discriminatedUnion("intent", [
  putOnHoldSchema,
  z.object({ intent: z.literal("lift") }),
]);
