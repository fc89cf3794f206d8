import { z } from "zod";

/**
 * A group of checkboxes sharing one name, read from a posted form: one ticked box arrives as a
 * string and several as a list, so either is read as the list of values ticked, each once, and at
 * least one must be. `noneTicked` is the message for none or for a value not offered.
 */
export function tickedBoxes<T extends z.ZodType<string, string>>(choice: T, noneTicked: string) {
  return z
    .union([choice, z.array(choice)], { error: noneTicked })
    .transform((v) => (Array.isArray(v) ? [...new Set(v)] : [v]))
    .refine((v) => v.length > 0, noneTicked);
}
