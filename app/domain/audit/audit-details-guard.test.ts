import { describe, expect, it } from "vitest";
import { auditDetailsProblem } from "./audit-details-guard.ts";

describe("audit details guard", () => {
  it("accepts the identifiers, codes and counts the product records", () => {
    for (const details of [
      {},
      { reason: "throttled" },
      { step: "work", answered: 4, dropped: 0 },
      { accountKey: "a".repeat(64), minutes: 15 },
      { rule: "management_completion", questionnaireResponses: 1, reportVersions: 2 },
      { drafter: "rules/rules@1", draftId: "b8f7c0d2-0000-4000-8000-000000000000" },
    ]) {
      expect(auditDetailsProblem(details)).toBeNull();
    }
  });

  it("refuses secrets, tokens and health content", () => {
    expect(auditDetailsProblem({ token: "abc" })).toMatch(/details\.token/);
    expect(auditDetailsProblem({ resetToken: "abc" })).toMatch(/resetToken/);
    expect(auditDetailsProblem({ password: "x" })).toMatch(/password/);
    expect(auditDetailsProblem({ nested: { answers: { q1: "migraine" } } })).toMatch(
      /details\.nested\.answers/,
    );
    expect(auditDetailsProblem({ note: "x".repeat(201) })).toMatch(/free text/);
    expect(auditDetailsProblem({ value: "enc:v1:k1:abc:def" })).toMatch(/ciphertext/);
  });
});
