/*
 * Audit details are kept forever and read by administrators: they must never carry a secret, a
 * token or health content (ADR 0008). This guard refuses the shapes those take, so a slip fails in
 * tests instead of landing in an append-only table that cannot be cleaned.
 */

const FORBIDDEN_KEY =
  /^(token|.*_token|.*Token|secret|.*Secret|password|.*Password|otp|totp|code|backupCodes?|answers|transcript|safetyReasons|draft|body|subjectComment|comment|message|pdf|buildContext|referralReason)$/;
/** Identifiers, codes and counts are short; free text is where health content would hide. */
const MAX_STRING = 200;

export function auditDetailsProblem(details: unknown, path = "details"): string | null {
  if (typeof details === "string") {
    if (details.length > MAX_STRING) return `${path} is free text (${details.length} characters)`;
    if (details.startsWith("enc:v1:")) return `${path} holds ciphertext of a health column`;
    return null;
  }
  if (Array.isArray(details)) {
    for (const [i, v] of details.entries()) {
      const problem = auditDetailsProblem(v, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (details && typeof details === "object") {
    for (const [key, value] of Object.entries(details)) {
      if (FORBIDDEN_KEY.test(key)) return `${path}.${key} may hold a secret or health content`;
      const problem = auditDetailsProblem(value, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  return null;
}
