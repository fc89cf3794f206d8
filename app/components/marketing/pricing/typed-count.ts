/**
 * The count typed into a pricing calculator's number box, if it is a whole number within the
 * calculator's range; null for anything else (half-typed, out of range), which leaves the count
 * in use as it was.
 */
export function typedCount(text: string, range: { min: number; max: number }): number | null {
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) && n >= range.min && n <= range.max ? n : null;
}
