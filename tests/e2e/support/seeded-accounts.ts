import fs from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from "@playwright/test";
import {
  type SeededAccounts,
  type SeededDoctor,
  type SeededEmployer,
  type SeededReferrer,
  seededAccountsFile,
} from "./seeded-accounts-file.ts";

/*
 * Journeys that begin signed in take an account the seed step made before the shared server
 * started (tests/e2e/support/seed-accounts.ts) and put its session cookie in their browser, as
 * Epic Stack's login fixture does, instead of registering a company through the e-mail link or
 * inviting a doctor through the administration pages first. Each account goes to one test only:
 * a test claims it in the run's data directory, across workers, so nothing one journey does to
 * its company or queue shows in another's.
 */

const dataDir = () => process.env.E2E_DATA_DIR!;
const origin = () => `http://localhost:${process.env.E2E_PORT ?? 3210}`;

let seeded: SeededAccounts | undefined;
function seededAccounts(): SeededAccounts {
  seeded ??= JSON.parse(fs.readFileSync(seededAccountsFile(dataDir()), "utf8")) as SeededAccounts;
  return seeded;
}

/** The first account of `role` no test has claimed that `fits`; true to the claiming test only. */
function claim<T>(
  role: "employer" | "referrer" | "doctor",
  accounts: T[],
  fits: (account: T) => boolean,
): T {
  const dir = path.join(dataDir(), "e2e-seeded-claims");
  fs.mkdirSync(dir, { recursive: true });
  for (const [index, account] of accounts.entries()) {
    if (!fits(account)) continue;
    try {
      fs.writeFileSync(path.join(dir, `${role}-${index}`), "", { flag: "wx" });
      return account;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(
    `every seeded ${role} is taken: raise E2E_SEEDED_${role.toUpperCase()}S (tests/e2e/support/seed-accounts.ts)`,
  );
}

async function addSessionCookies(context: BrowserContext, account: { cookies: SeededCookies }) {
  await context.addCookies(
    account.cookies.map(({ name, value }) => ({ name, value, url: origin() })),
  );
}
type SeededCookies = SeededEmployer["cookies"];

/**
 * An employer company of its own, its owner signed in in `page`'s browser context, on the employer
 * dashboard. `address: null` takes a company registered without its address (docs/vat-invoices.md).
 */
export async function seededEmployer(
  page: Page,
  { address }: { address?: null } = {},
): Promise<SeededEmployer> {
  const withAddress = address !== null;
  const employer = claim(
    "employer",
    seededAccounts().employers,
    (e) => e.withAddress === withAddress,
  );
  await addSessionCookies(page.context(), employer);
  await page.goto("/employer-dashboard");
  await expect(page, `the seeded session of ${employer.email}`).toHaveURL(/\/employer-dashboard/);
  return employer;
}

/**
 * An employer company of its own with an API key for referrals, its owner signed in in
 * `context` (no page is opened): for a journey that needs a case invited, not the form.
 */
export async function seededReferrer(context: BrowserContext): Promise<SeededReferrer> {
  const referrer = claim("referrer", seededAccounts().referrers, () => true);
  await addSessionCookies(context, referrer);
  return referrer;
}

/** What a journey holds of a signed-in doctor: their page, and the authenticator to sign with. */
export interface SignedInDoctor {
  page: Page;
  email: string;
  name: string;
  gmcNumber: string;
  secret: string;
  lastStep: number;
}

/**
 * A doctor with access and an enrolled authenticator, signed in (password and code) in a browser
 * context of their own (made with `contextOptions`, e.g. without JavaScript), on their dashboard.
 * A doctor's session ends after 30 idle minutes: the seed's last use counts.
 */
export async function seededDoctor(
  browser: Browser,
  contextOptions: BrowserContextOptions = {},
): Promise<SignedInDoctor> {
  const doctor: SeededDoctor = claim("doctor", seededAccounts().doctors, () => true);
  const context = await browser.newContext({ baseURL: origin(), ...contextOptions });
  await addSessionCookies(context, doctor);
  const page = await context.newPage();
  await page.goto("/doctor-dashboard");
  await expect(page, `the seeded session of ${doctor.email}`).toHaveURL(/\/doctor-dashboard/);
  const { cookies: _cookies, ...account } = doctor;
  return { page, ...account };
}
