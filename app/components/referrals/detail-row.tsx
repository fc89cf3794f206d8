/**
 * One label and value of a referral's details in a description list, as the employer's referral
 * drawer and the doctor's case sheet show them. A blank value shows `empty` instead, so a row
 * never reads as missing.
 */
export function DetailRow({
  label,
  value,
  empty = "Not provided",
}: {
  label: string;
  value: string | null | undefined;
  empty?: string;
}) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="whitespace-pre-line break-words">{value?.trim() ? value : empty}</dd>
    </div>
  );
}
