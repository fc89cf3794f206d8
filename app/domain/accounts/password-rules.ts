/** docs/architecture.md §9: minimum 8 (NCSC), not the seed's 6; a maximum bounds the hashing work. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable: moderate protection
 * from offline slow-hash scenario" (about 10^8 guesses or more).
 */
export const PASSWORD_MIN_STRENGTH = 3;

/** Advice that ends every "too easy to guess" message: the NCSC's three random words. */
const advice = "Try three or four random words together, or a longer password.";

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  common:
    "This password is too common and easy to guess. Choose a different one, for example three random words.",
  personal: `Password must not contain your name, email address or company name. ${advice}`,
  product: `Password must not be built on the name of this service. ${advice}`,
  /** zxcvbn's own warning, when it has one, says why (e.g. "Dates are easy to guess."). */
  weak: (why: string | null) => `Password is too easy to guess.${why ? ` ${why}` : ""} ${advice}`,
} as const;
