/** DESIGN.md §9: minimum 8 (NCSC), not the seed's 6; a maximum bounds the hashing work. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  common:
    "This password is too common and easy to guess. Choose a different one, for example three random words.",
} as const;
