/**
 * A closed set of stored codes and the words each is shown in, written once as a record of code
 * to label, so a code cannot be added to the list and missed in the labels (or the reverse). The
 * codes come back in the record's order (string keys keep the order they were written in), as the
 * non-empty tuple that Zod's and Drizzle's enums take.
 */
export function codesOf<const C extends string>(labels: Record<C, string>): readonly [C, ...C[]] {
  return Object.keys(labels) as [C, ...C[]];
}
