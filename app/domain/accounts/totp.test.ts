import { describe, expect, it } from "vitest";
import { base32Decode, hotp, matchingStep, totp } from "./totp.ts";

// RFC 6238 appendix B, SHA-1 key "12345678901234567890" (8-digit values; we use the last 6).
const key = new TextEncoder().encode("12345678901234567890");

describe("TOTP", () => {
  it("matches the RFC 6238 test vectors", () => {
    expect(totp(key, new Date(59 * 1000))).toBe("287082");
    expect(totp(key, new Date(1111111109 * 1000))).toBe("081804");
    expect(totp(key, new Date(1234567890 * 1000))).toBe("005924");
    expect(totp(key, new Date(2000000000 * 1000))).toBe("279037");
  });

  it("matches RFC 4226 HOTP values", () => {
    expect(hotp(key, 0)).toBe("755224");
    expect(hotp(key, 9)).toBe("520489");
  });

  it("finds the time step of a code within one step either side", () => {
    const now = new Date(1234567890 * 1000);
    const step = Math.floor(1234567890 / 30);
    expect(matchingStep(key, totp(key, now), now)).toBe(step);
    expect(matchingStep(key, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchingStep(key, hotp(key, step + 2), now)).toBeNull();
    expect(matchingStep(key, "12345", now)).toBeNull();
  });

  it("decodes base32 secrets", () => {
    expect(new TextDecoder().decode(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"))).toBe(
      "12345678901234567890",
    );
  });
});
