/**
 * The plain-text body of a service e-mail: paragraphs parted by a blank line, signed by the
 * service. A paragraph may hold a line break, to put a link on its own line under the sentence
 * that introduces it.
 */
export function emailText(paragraphs: string[]): string {
  return [...paragraphs, "ReferOH"].join("\n\n");
}
