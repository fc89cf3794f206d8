import path from "node:path";

/*
 * What tests/e2e/support/seed-accounts.ts leaves in the shared server's data directory for the
 * journeys: accounts signed in before the server started, with their session cookies.
 */

export interface SeededCookie {
  name: string;
  value: string;
}

export interface SeededEmployer {
  email: string;
  organisationId: string;
  /** Whether the company gave its address at registration (docs/vat-invoices.md). */
  withAddress: boolean;
  cookies: SeededCookie[];
}

/**
 * An employer whose company places referrals through the API (docs/api.md) with a key of its
 * own, for journeys that need a case invited and are not about the referral form.
 */
export interface SeededReferrer extends SeededEmployer {
  /** The key's secret, with the scopes to make and read referrals. */
  apiKey: string;
}

export interface SeededDoctor {
  email: string;
  name: string;
  gmcNumber: string;
  /** The authenticator secret (base32) and the last time step used (its enrolment's). */
  secret: string;
  lastStep: number;
  cookies: SeededCookie[];
}

export interface SeededAccounts {
  seededAt: string;
  employers: SeededEmployer[];
  referrers: SeededReferrer[];
  doctors: SeededDoctor[];
}

export const seededAccountsFile = (dataDir: string) =>
  path.join(dataDir, "e2e-seeded-accounts.json");
