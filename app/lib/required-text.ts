import { z } from "zod";

/**
 * A text field that must be filled in, as a form posts it: trimmed, so spaces alone are empty,
 * and refused with the same message whether the field was left out of the post or sent blank
 * (Conform sends neither as a value). `max` bounds what is kept, with its own message.
 */
export function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}
