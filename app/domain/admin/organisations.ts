import { z } from "zod";
import { filterPage, filterText } from "./list-filters.ts";

/** The organisation list's search (GET /admin/organisations). */
export const organisationFilterSchema = z.object({
  q: filterText(100),
  page: filterPage,
});
export type OrganisationFilter = z.output<typeof organisationFilterSchema>;

const wholeCredits = "Enter a whole number of credits, for example 5 or -2";

/** The credit adjustment form: a number of credits to add (or, negative, to remove) and why. */
export const creditAdjustmentSchema = z.object({
  credits: z.preprocess(
    // An empty box is no number at all, not 0.
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z.coerce
      .number({ error: wholeCredits })
      .int(wholeCredits)
      .refine((n) => n !== 0, "Enter a number other than 0")
      .refine((n) => Math.abs(n) <= 1000, "Adjust by at most 1,000 credits at a time"),
  ),
  reason: z
    .string({ error: "Enter the reason for this adjustment (at least 5 characters)" })
    .trim()
    .min(5, "Enter the reason for this adjustment (at least 5 characters)")
    .max(500, "Keep the reason under 500 characters"),
  /** "yes" only from the confirmation's own button, which removing credits asks for first. */
  confirm: z.literal("yes").optional().catch(undefined),
});
export type CreditAdjustment = z.output<typeof creditAdjustmentSchema>;
