import { randomInt } from "node:crypto";

const codeAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Management referrals: REF- and the next number of a database sequence, six digits at least. */
export function formatManagementReference(sequenceValue: number): string {
  if (!Number.isInteger(sequenceValue) || sequenceValue < 1)
    throw new RangeError("sequence value must be a positive integer");
  return `REF-${String(sequenceValue).padStart(6, "0")}`;
}

/**
 * Pre-employment checks: OCC- and five upper-case letters or digits (seed §9), drawn uniformly
 * with a CSPRNG; the caller retries on the (rare) unique-constraint collision.
 */
export function generatePreEmploymentCode(pick: (max: number) => number = randomInt): string {
  let code = "OCC-";
  for (let i = 0; i < 5; i++) code += codeAlphabet[pick(codeAlphabet.length)];
  return code;
}

export const referenceFormats = {
  management: /^REF-\d{6,}$/,
  preEmployment: /^OCC-[A-Z0-9]{5}$/,
} as const;
