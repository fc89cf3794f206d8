import { parsePhoneNumberFromString, validatePhoneNumberLength } from "libphonenumber-js";
import { z } from "zod";
import { PHONE_EXAMPLE } from "./phone-hint.ts";

/*
 * The person's phone number: how a doctor reaches them after an urgent safety answer. Typed in
 * any usual form ("07911 123456", "+44 7911 123456", "0044…", "(07911) 123-456"), read with
 * libphonenumber-js with the UK as the default country, kept in E.164 ("+447911123456").
 */

type PhoneResult = { ok: true; e164: string | null } | { ok: false; message: string };

/** Empty means "not given" (the number is optional); anything else must be a real number. */
export function normalisePhone(input: string): PhoneResult {
  const value = input.trim();
  if (value === "") return { ok: true, e164: null };
  if (value.length > 30 || !/^[+\d\s().-]+$/.test(value))
    return {
      ok: false,
      message: `Enter a phone number using only digits, spaces and +, like ${PHONE_EXAMPLE}`,
    };
  const length = validatePhoneNumberLength(value, "GB");
  if (length === "TOO_SHORT")
    return { ok: false, message: `The phone number is too short. Enter it like ${PHONE_EXAMPLE}` };
  if (length === "TOO_LONG")
    return { ok: false, message: `The phone number is too long. Enter it like ${PHONE_EXAMPLE}` };
  if (length === "INVALID_COUNTRY")
    return {
      ok: false,
      message: `Start a number from outside the UK with + and its country code, like +33 6 12 34 56 78`,
    };
  const phone = parsePhoneNumberFromString(value, "GB");
  if (!phone?.isValid())
    return {
      ok: false,
      message: `This is not a phone number in use. Check it and enter it like ${PHONE_EXAMPLE}`,
    };
  return { ok: true, e164: phone.number };
}

/** "+44 7911 123456" for a number stored in E.164; the stored text when it does not parse. */
export function formatPhoneForDisplay(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * The optional phone field of a form: "" → null, a valid number → E.164, anything else an issue
 * with a clear message (the form shows what was typed again, so nothing is lost).
 */
export const optionalPhoneField = z
  .string()
  .optional()
  .default("")
  .transform((value, ctx) => {
    const result = normalisePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.e164;
  });
