import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";

export const BILLING_ADDRESS_MAX = 500;

/**
 * The organisation's billing address, which its invoices and credit notes print (a full VAT
 * invoice names the customer's address). One textarea, a line per part of the address, as a
 * letter is addressed; a line alone is not an address, so at least two are asked for.
 */
export const billingAddressSchema = z.object({
  address: requiredText(
    "Enter the billing address",
    BILLING_ADDRESS_MAX,
    `The address must be ${BILLING_ADDRESS_MAX} characters or fewer`,
  ).refine(
    (value) => value.split(/\s*(?:\r?\n|,)\s*/).filter(Boolean).length >= 2,
    "Enter the whole address: the street, the town and the postcode",
  ),
  /** The checkout the address was asked for, which goes on once it is saved. */
  order: z.uuid().optional(),
});
