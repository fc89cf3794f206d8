import { z } from "zod";

/**
 * Whether text has something to read: a character that is neither white space nor an invisible
 * format character (Unicode's Cf: zero-width space, joiners, the byte-order mark, a soft hyphen).
 * `trim` keeps those, and a name pasted from a document or a chat can be nothing else.
 */
const hasVisibleText = (text: string) => /[^\s\p{Cf}]/u.test(text);

/**
 * A text field that must be filled in, as a form posts it: trimmed, so spaces alone are empty,
 * as are invisible characters alone, and refused with the same message whether the field was left
 * out of the post or sent blank (Conform sends neither as a value). `max` bounds what is kept,
 * with its own message.
 */
export function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, tooLong)
    .refine(hasVisibleText, { error: required });
}
