import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Cookie, Page } from "@playwright/test";
import { codeFor, enrolTwoFactor, PASSWORD, signIn, uniqueEmail } from "../auth/helpers.ts";
import { linkTo, waitForMessage } from "./outbox.ts";
import { expect } from "./test.ts";

/*
 * The run has one first-admin set-up link, so every spec that needs an administrator shares the
 * one account: whichever spec comes first creates it through the real set-up journey, and records
 * its e-mail, TOTP secret and signed-in session in the run's data directory for the others. Later
 * specs join that session, as a browser that stayed signed in would; a spec that ends its session
 * (signing out) signs in on its own. A TOTP code works once, so sign-ins take turns under a lock,
 * each with the code of a step after the last one used (see `unusedCode`).
 */
interface AdminState {
  email: string;
  secret: string;
  lastStep: number;
  /** The signed-in session's cookies, for specs that join it. */
  cookies: Cookie[];
}

const dataDir = () => process.env.E2E_DATA_DIR!;
const stateFile = () => path.join(dataDir(), "e2e-admin.json");
const lockDir = () => path.join(dataDir(), "e2e-admin.lock");
const step = () => Math.floor(Date.now() / 30_000);

/**
 * The code of the first 30-second step after `lastStep` that the server takes, and that step.
 * The server takes the current step's code or a neighbour's (clock drift between phone and
 * server, app/domain/accounts/totp.ts) and refuses a step already used, so the next step's code
 * is accepted at once. A third code within one step is taken only once real time reaches the
 * step before it: the shared server runs on the system clock (only a server a spec starts in its
 * own process has a clock it can move, docs/architecture.md §3b), and better-auth checks the
 * sign-in code on the system clock whatever the server's clock says. So a journey that signs
 * three times inside half a minute waits here for the step to turn, as a doctor would.
 */
async function unusedCode(secret: string, lastStep: number): Promise<{ code: string; at: number }> {
  const wanted = Math.max(lastStep + 1, step());
  const takenFrom = (wanted - 1) * 30_000;
  if (Date.now() < takenFrom) await new Promise((r) => setTimeout(r, takenFrom - Date.now() + 50));
  return { code: codeFor(secret, new Date(wanted * 30_000)), at: wanted };
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir());
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("timed out waiting for the e2e admin lock");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir(), { recursive: true, force: true });
  }
}

/** The administration area's sections, in the order its navigation lists them. */
export const administrationSections = [
  "Overview",
  "Doctors",
  "Organisations",
  "Cases",
  "Inbox",
  "Insight",
  "Audit log",
  "Access review",
  "Subject access",
];

/**
 * Fills in a server's one-time administrator set-up form at `setupLink` and lands on sign-in;
 * returns the new administrator's e-mail address (the password is PASSWORD).
 */
async function createAdministratorAt(page: Page, setupLink: string): Promise<string> {
  const email = uniqueEmail("admin");
  await page.goto(setupLink);
  await page.getByLabel("Full name").fill("Morgan Admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page).toHaveURL(/\/login/);
  return email;
}

/** The page's sign-in session cookies only: nothing else of its state goes to other specs. */
async function sessionCookies(page: Page): Promise<Cookie[]> {
  return (await page.context().cookies()).filter((cookie) => cookie.name.includes("session"));
}

async function createFirstAdmin(page: Page): Promise<AdminState> {
  // The one-time set-up link the server printed at start-up (also kept in DATA_DIR while valid).
  const setupLink = fs
    .readFileSync(path.join(dataDir(), "first-admin-setup-link.txt"), "utf8")
    .trim();
  const email = await createAdministratorAt(page, setupLink);
  // The link works once.
  expect((await page.request.get(setupLink)).status()).toBe(404);

  // First sign-in forces two-factor enrolment; nothing else opens before it.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account\/two-factor/);
  await page.goto("/admin/doctors");
  await expect(page).toHaveURL(/\/account\/two-factor/);
  const secret = await enrolTwoFactor(page);
  await expect(page).toHaveURL(/\/admin/);
  return { email, secret, lastStep: step(), cookies: await sessionCookies(page) };
}

/**
 * Signs `page` in as the run's administrator (creating it first if no spec has yet), in the
 * shared session unless `ownSession` (for a spec that signs out, which would end it for all).
 */
export async function signedInAdmin(
  page: Page,
  { ownSession = false }: { ownSession?: boolean } = {},
): Promise<string> {
  return withLock(async () => {
    const existing = fs.existsSync(stateFile())
      ? (JSON.parse(fs.readFileSync(stateFile(), "utf8")) as AdminState)
      : null;
    if (!existing) {
      const created = await createFirstAdmin(page);
      fs.writeFileSync(stateFile(), JSON.stringify(created));
      return created.email;
    }
    if (!ownSession) {
      await page.context().addCookies(existing.cookies);
      await page.goto("/admin");
      // A session that has ended sends the page to sign-in instead.
      if (new URL(page.url()).pathname === "/admin") return existing.email;
      await page.context().clearCookies();
    }
    await page.goto("/login");
    await signIn(page, existing.email);
    await expect(page).toHaveURL(/\/two-factor/);
    const { code, at } = await unusedCode(existing.secret, existing.lastStep);
    await page.getByLabel("Authentication code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin/);
    fs.writeFileSync(
      stateFile(),
      JSON.stringify({
        ...existing,
        lastStep: at,
        // An own session is not shared: the spec will end it.
        cookies: ownSession ? existing.cookies : await sessionCookies(page),
      }),
    );
    return existing.email;
  });
}
/**
 * A doctor invited by the administrator, with a password set and TOTP enrolled, signed in at
 * /doctor-login in a browser context of their own (made with `contextOptions`, e.g. without
 * JavaScript).
 */
export async function invitedDoctor(
  admin: Page,
  browser: Browser,
  { name, gmcNumber, qualifications }: { name: string; gmcNumber: string; qualifications?: string },
  contextOptions: BrowserContextOptions = {},
): Promise<{ page: Page; email: string; secret: string; lastStep: number }> {
  const email = uniqueEmail("doctor");
  await admin.goto("/admin/doctors");
  await admin.getByLabel("Full name").fill(name);
  await admin.getByLabel("Email").fill(email);
  await admin.getByLabel("GMC number").fill(gmcNumber);
  if (qualifications) await admin.getByLabel("Qualifications").fill(qualifications);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText("Invitation sent")).toBeVisible();
  const context = await browser.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3210}`,
    ...contextOptions,
  });
  const page = await context.newPage();
  const invitation = await waitForMessage(email, "Medical Professional Portal");
  await page.goto(linkTo(invitation, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/doctor-login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Access Portal" }).click();
  await expect(page).toHaveURL(/\/account\/two-factor/, { timeout: 20_000 });
  const secret = await enrolTwoFactor(page);
  await expect(page).toHaveURL(/\/doctor-dashboard/);
  return { page, email, secret, lastStep: step() };
}

/**
 * A fresh authenticator code for a doctor (signing needs one; a code works once): the code of the
 * step after the last one used.
 */
export async function freshCode(doctor: { secret: string; lastStep: number }): Promise<string> {
  const { code, at } = await unusedCode(doctor.secret, doctor.lastStep);
  doctor.lastStep = at;
  return code;
}
