import { DomainError } from "~/domain/kernel/errors.ts";

/** What a report reference looks like: anything else is not looked up at all. */
export const referenceFormat = /^REP-[A-Z0-9]{4,12}$/;

export function notFound(): never {
  throw new DomainError("not_found", "Report not found.");
}
