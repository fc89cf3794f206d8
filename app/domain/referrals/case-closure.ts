/**
 * Whether a case is closed (docs/architecture.md §4, "Re-inviting and closing"): `closed_at` is
 * set when a case ends without a report (cancelled, declined, withheld, lapsed unpaid) and when
 * the employer closes a complete one with no further action. A closed case has nothing further
 * to happen on it: no reminder of any kind is sent about it. In a query, the cases still open are
 * `isNull(referral.closedAt)`.
 */
export function isClosed(referral: { closedAt: Date | string | null }): boolean {
  return referral.closedAt !== null;
}
