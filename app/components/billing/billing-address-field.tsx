import { TextAreaField } from "~/components/forms/text-field.tsx";
import { BILLING_ADDRESS_MAX } from "~/domain/billing/billing-address.ts";

/**
 * The organisation's billing address as its invoices print it, one line a line. The page says in
 * `hint` why it asks: before a payment, or to keep it up to date.
 */
export function BillingAddressField({
  field,
  hint,
}: {
  field: { name: string; initialValue?: string; errors?: string[] };
  hint: string;
}) {
  return (
    <TextAreaField
      label="Billing address"
      hint={hint}
      field={field}
      rows={4}
      maxLength={BILLING_ADDRESS_MAX}
      autoComplete="street-address"
    />
  );
}
