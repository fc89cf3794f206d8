/** How one referral was paid for, and what has gone back: what the employer's drawer says. */
export interface ReferralPaymentFacts {
  method: "credits" | "order" | null;
  /** Credits the referral holds now (spent minus returned). */
  creditsHeld: number;
  creditsReturned: number;
  order: {
    status: "pending" | "paid" | "failed" | "cancelled" | "refunded" | "expired";
    totalPence: number;
    invoiceNumber: string | null;
  } | null;
  creditNote: {
    id: string;
    number: string;
    totalPence: number;
    refunded: boolean;
  } | null;
}

/** What cancelling now would give back, for the confirmation dialog. */
export function whatCancellingReturns(payment: ReferralPaymentFacts): string {
  if (payment.method === "credits" && payment.creditsHeld > 0)
    return `${creditsPhrase(payment.creditsHeld)} ${payment.creditsHeld === 1 ? "goes" : "go"} back to your balance.`;
  if (payment.order?.status === "paid")
    return `${formatMoney(payment.order.totalPence)} is refunded to the card you paid with, and a credit note is issued against invoice ${payment.order.invoiceNumber ?? "for this referral"}.`;
  if (payment.order?.status === "pending" || payment.order?.status === "failed")
    return "Nothing has been paid for it, so nothing is charged.";
  return "Nothing was paid for it.";
}

/** What has already come back, after the case ended without a doctor's work. */
export function whatWasReturned(payment: ReferralPaymentFacts): string | null {
  const parts: string[] = [];
  if (payment.creditsReturned > 0)
    parts.push(
      `The ${creditsPhrase(payment.creditsReturned)} used ${payment.creditsReturned === 1 ? "was" : "were"} returned to your balance.`,
    );
  if (payment.creditNote)
    parts.push(
      `${formatMoney(payment.creditNote.totalPence)} ${payment.creditNote.refunded ? "was refunded" : "is being refunded"} to your card (credit note ${payment.creditNote.number}).`,
    );
  return parts.length > 0 ? parts.join(" ") : null;
}

function creditsPhrase(n: number) {
  return `${n} ${n === 1 ? "credit" : "credits"}`;
}

const money = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
});
export function formatMoney(pence: number): string {
  return money.format(pence / 100);
}
