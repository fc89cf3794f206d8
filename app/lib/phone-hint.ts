/*
 * Words about the phone field that pages render. Kept apart from phone.ts so a page shows them
 * without shipping libphonenumber's metadata to the browser: numbers are checked on the server.
 */

export const PHONE_EXAMPLE = "07911 123456 or +44 7911 123456";

/** The employer's hint on both referral forms: why the number is asked for. */
export const REFERRAL_PHONE_HINT = `Optional. Only our doctors use it, to reach the person quickly if their answers suggest they need support soon. They can correct it before they start. For example ${PHONE_EXAMPLE}.`;
