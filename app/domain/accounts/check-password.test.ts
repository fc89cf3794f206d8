import { describe, expect, it } from "vitest";
import { isCommonPassword } from "~/services/auth/common-passwords.server.ts";
import { passwordProblem, personalWords } from "./check-password.server.ts";
import { passwordMessages } from "./password-rules.ts";

const priya = {
  email: "priya.shah@northwind.example",
  name: "Priya Shah",
  company: "Northwind Logistics Ltd",
};

describe("password policy", () => {
  it("refuses common passwords whatever their case", async () => {
    expect(await isCommonPassword("password")).toBe(true);
    expect(await isCommonPassword("Password1")).toBe(true);
    expect(await isCommonPassword("12345678")).toBe(true);
    expect(await isCommonPassword("iloveyou")).toBe(true);
    expect(await isCommonPassword("correct horse battery staple")).toBe(false);
  });

  it("asks for 8 to 128 characters first", async () => {
    expect(await passwordProblem("short1!")).toBe("Password must be at least 8 characters");
    expect(await passwordProblem("x".repeat(129))).toBe("Password must be 128 characters or fewer");
  });

  it("refuses the passwords the probe got through, saying they are common", async () => {
    // Neither is on the shipped deny list; zxcvbn's common-password dictionary knows both.
    expect(await passwordProblem("Password123")).toBe(passwordMessages.common);
    expect(await passwordProblem("baseball1")).toBe(passwordMessages.common);
    expect(await passwordProblem("baseball")).toBe(passwordMessages.common);
  });

  it("refuses a password built from the person's own name, address or company", async () => {
    // Strong enough for a stranger, not for someone who knows who signs up.
    expect(await passwordProblem("Northwind2024!")).toBeNull();
    expect(await passwordProblem("Northwind2024!", priya)).toBe(passwordMessages.personal);
    expect(await passwordProblem("PriyaShah123", priya)).toBe(passwordMessages.personal);
    expect(await passwordProblem("priya.shah@northwind", priya)).toBe(passwordMessages.personal);
  });

  it("refuses the service's own name with a year and a symbol, for anyone", async () => {
    // A probe had Referoh2026! accepted: zxcvbn knew nothing of the service's name.
    for (const password of ["Referoh2026!", "ReferOH-2026", "referoh2026", "Referoh!2026#"]) {
      expect(await passwordProblem(password), password).toBe(passwordMessages.product);
      expect(await passwordProblem(password, priya), password).toBe(passwordMessages.product);
    }
  });

  it("refuses the company's or person's name with a year and a symbol", async () => {
    // zxcvbn scored NorthwindLogistics2026! at 3: its fixed cost per part (name, year, symbol)
    // made up the guesses the name did not. What is left without the name must reach 3 alone.
    const northwind = { ...priya, company: "Northwind Logistics" };
    for (const password of [
      "NorthwindLogistics2026!",
      "Northwind2026!",
      "Logistics2026!",
      "PriyaShah2026!",
      "priya.shah2026!",
    ]) {
      expect(await passwordProblem(password, northwind), password).toBe(passwordMessages.personal);
    }
    const acme = { email: "jo@acme.example", name: "Jo Bloggs", company: "Acme Trading" };
    for (const password of ["Acme2026!", "AcmeTrading2026!", "Bloggs2026!", "Company2026!"]) {
      expect(await passwordProblem(password, acme), password).not.toBeNull();
    }
    expect(await passwordProblem("Company2026!")).toMatch(/^Password is too easy to guess\./);
  });

  it("accepts a strong password that happens to hold a name as well", async () => {
    expect(await passwordProblem("Northwind-Teal-Harbour-Lantern", priya)).toBeNull();
    expect(await passwordProblem("Referoh-Teal-Harbour-Lantern-42", priya)).toBeNull();
  });

  it("refuses guessable patterns and says why", async () => {
    expect(await passwordProblem("abcdefgh12")).toBe(
      'Password is too easy to guess. Common character sequences like "abc" are easy to guess. Try three or four random words together, or a longer password.',
    );
    expect(await passwordProblem("aaaaaaaaaaaa")).toMatch(/Repeated characters/);
    expect(await passwordProblem("1990-12-25x")).toMatch(/Dates are easy to guess/);
    expect(await passwordProblem("September2023")).toMatch(/^Password is too easy to guess\./);
  });

  it("accepts long or random passwords, quickly even at the maximum length", async () => {
    expect(await passwordProblem("Teal-Harbour-Lantern-42", priya)).toBeNull();
    expect(await passwordProblem("correct horse battery staple", priya)).toBeNull();
    expect(await passwordProblem("kX9#mQ2$vLw7")).toBeNull();
    const longest = "hY7!kP2@wQ9#zR4$".repeat(8);
    expect(longest).toHaveLength(128);
    expect(await passwordProblem(longest, priya)).toBeNull();
  });

  it("splits the person's details into the words a guesser tries", () => {
    expect(personalWords(priya)).toEqual(
      expect.arrayContaining([
        "priya",
        "shah",
        "priyashah",
        "priya.shah",
        "northwind",
        "logistics",
      ]),
    );
    expect(personalWords({})).toEqual([]);
  });
});
