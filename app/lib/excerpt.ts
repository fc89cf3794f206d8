/**
 * The start of a long text for a list cell, cut at a word and marked with an ellipsis. A cell
 * that cut the text with CSS (`truncate`) hid the rest from anyone who zooms or narrows the
 * window (WCAG 1.4.10); a short excerpt wraps like any text, and the row's detail has it all.
 */
export function excerpt(text: string, maxLength = 90): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
