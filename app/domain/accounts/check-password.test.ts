import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./common-passwords.server.ts";

describe("password policy", () => {
  it("refuses common passwords whatever their case", async () => {
    expect(await isCommonPassword("password")).toBe(true);
    expect(await isCommonPassword("Password1")).toBe(true);
    expect(await isCommonPassword("12345678")).toBe(true);
    expect(await isCommonPassword("iloveyou")).toBe(true);
    expect(await isCommonPassword("correct horse battery staple")).toBe(false);
  });

  it("asks for 8 to 128 characters, then for an uncommon password", async () => {
    expect(await passwordProblem("short1!")).toBe("Password must be at least 8 characters");
    expect(await passwordProblem("x".repeat(129))).toBe("Password must be 128 characters or fewer");
    expect(await passwordProblem("baseball")).toMatch(/too common/);
    expect(await passwordProblem("Teal-Harbour-Lantern")).toBeNull();
  });
});
