import type { OrderItem } from "~/db/schema/billing.ts";
import { formatLongDate } from "~/lib/dates.ts";

/**
 * What an invoice or billing-history line is for, beside its description, so an accountant can
 * match it to a case or a period (docs/vat-invoices.md): the referral's reference, or the
 * membership's period. A credit pack's description already names the pack and its credits.
 */
export function lineDetail(item: OrderItem): string | null {
  if (item.reference) return `Referral ${item.reference}`;
  if (item.period)
    return `Membership period ${formatLongDate(new Date(item.period.start))} to ${formatLongDate(new Date(item.period.end))}`;
  return null;
}

/** The line's description with its detail, on one line (billing history, e-mails). */
export function lineText(item: OrderItem): string {
  const detail = lineDetail(item);
  return detail ? `${item.description} (${detail})` : item.description;
}
