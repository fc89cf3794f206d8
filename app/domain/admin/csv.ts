/**
 * CSV for spreadsheets (RFC 4180). A cell a spreadsheet would run as a formula (starting with
 * = + - @, or a tab or carriage return that some programs strip first) gets a leading apostrophe,
 * so an audit detail typed by an attacker cannot run when an administrator opens the export.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
