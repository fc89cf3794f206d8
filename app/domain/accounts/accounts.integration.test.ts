import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { auditEvent, member, organisation, session, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import type { AdminActor } from "~/domain/kernel/actor.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { CookieJar, requestFrom, testRuntimeForFile } from "~tests/support/accounts-harness.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { linkTo, readOutbox, waitForMessage } from "../../../tests/e2e/support/outbox.ts";
import { inviteDoctor } from "./doctors.server.ts";
import { verifyEmailAddress } from "./email-verification.server.ts";
import { loadSession } from "./load-session.server.ts";
import { requestPasswordReset, resetPasswordWithToken } from "./password-reset.server.ts";
import { passwordMessages } from "./password-rules.ts";
import { registerEmployer } from "./register-employer.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { base32Decode, totp } from "./totp.ts";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
  verifySignInSecondFactor,
} from "./two-factor.server.ts";

const PASSWORD = "Teal-Harbour-Lantern-42";
const harness = testRuntimeForFile();
afterEach(() => {
  vi.useRealTimers();
});

async function registerAndVerify(email: string, companyName = "Acme Widgets Ltd") {
  const result = await registerEmployer(harness.runtime, {
    companyName,
    contactName: "Jane Q Smith",
    email,
    password: PASSWORD,
    industry: "Manufacturing",
    request: requestFrom("198.51.100.1"),
  });
  expect(result).toEqual({ status: "accepted", email: email.toLowerCase() });
  const message = await waitForMessage(email, "Verify your email", { dataDir: harness.dataDir });
  const token = new URL(linkTo(message, "/verify-email")).searchParams.get("token")!;
  expect(
    await verifyEmailAddress(harness.runtime, { token, request: requestFrom("198.51.100.1") }),
  ).toBe("verified");
}

/** Signs in with a password; each test uses addresses of its own, so throttles stay apart. */
function signIn(
  email: string,
  ip: string,
  { password = PASSWORD, portal = "main" }: { password?: string; portal?: "main" | "doctor" } = {},
) {
  return signInWithPassword(harness.runtime, { email, password, portal, request: requestFrom(ip) });
}

/** What the session in `jar` is now, as a request from `ip` finds it. */
async function sessionStatus(jar: CookieJar, ip: string) {
  return (await loadSession(harness.runtime, requestFrom(ip, jar).headers, new Date())).status;
}

/** Signs the account in from `ip`: the browser's cookie jar and the session it now has. */
async function signedIn(email: string, ip: string) {
  const jar = new CookieJar();
  const first = await signIn(email, ip);
  if (first.status !== "signed-in") throw new Error(first.status);
  jar.absorb(first.setCookies);
  const current = await loadSession(harness.runtime, requestFrom(ip, jar).headers);
  if (current.status !== "active") throw new Error("no session");
  return { jar, current };
}

async function auditActions(action: string) {
  return harness.runtime.database.db.select().from(auditEvent).where(eq(auditEvent.action, action));
}

describe("employer registration", () => {
  it("creates the user, the organisation and the owner membership, and verification gates sign-in", async () => {
    const email = "owner@acme.example";
    await registerEmployer(harness.runtime, {
      companyName: "Acme Widgets Ltd",
      contactName: "Jane Q Smith",
      email,
      password: PASSWORD,
      industry: "Manufacturing",
      phone: "01632 960000",
      address: "1 High Street, Leeds",
      request: requestFrom("198.51.100.1"),
    });
    const [row] = await harness.runtime.database.db
      .select()
      .from(user)
      .where(eq(user.email, email));
    expect(row).toMatchObject({
      role: "employer",
      firstName: "Jane",
      lastName: "Q Smith",
      emailVerified: false,
    });
    const [membership] = await harness.runtime.database.db
      .select({
        role: member.role,
        name: organisation.name,
        industry: organisation.industry,
        phone: organisation.phone,
      })
      .from(member)
      .innerJoin(organisation, eq(organisation.id, member.organisationId))
      .where(eq(member.userId, row!.id));
    expect(membership).toEqual({
      role: "owner",
      name: "Acme Widgets Ltd",
      industry: "Manufacturing",
      phone: "01632 960000",
    });

    const before = await signIn(email, "198.51.100.2");
    expect(before.status).toBe("unverified");

    const message = await waitForMessage(email, "Verify your email", { dataDir: harness.dataDir });
    const token = new URL(linkTo(message, "/verify-email")).searchParams.get("token")!;
    await verifyEmailAddress(harness.runtime, { token, request: requestFrom("198.51.100.2") });
    const after = await signIn(" Owner@Acme.example ", "198.51.100.2");
    expect(after).toMatchObject({ status: "signed-in", role: "employer" });
    expect(await auditActions("auth.sign_up")).toHaveLength(1);
  });

  it("refuses a common password", async () => {
    const result = await registerEmployer(harness.runtime, {
      companyName: "Weak Ltd",
      contactName: "Sam",
      email: "weak@example.org",
      password: "password1",
      request: requestFrom("198.51.100.3"),
    });
    expect(result).toMatchObject({ status: "weak-password" });
  });

  it("refuses passwords a guesser tries first, and says why", async () => {
    const attempt = (password: string) =>
      registerEmployer(harness.runtime, {
        companyName: "Harbourside Freight Ltd",
        contactName: "Sam Okafor",
        email: "sam.okafor@harbourside.example",
        password,
        request: requestFrom("198.51.100.4"),
      });
    // The probe's two: not on the shipped deny list, but in zxcvbn's common passwords.
    expect(await attempt("Password123")).toEqual({
      status: "weak-password",
      message: passwordMessages.common,
    });
    expect(await attempt("baseball1")).toEqual({
      status: "weak-password",
      message: passwordMessages.common,
    });
    // Strong for a stranger, not for someone who knows the company.
    expect(await attempt("Harbourside2024!")).toEqual({
      status: "weak-password",
      message: passwordMessages.personal,
    });
  });
});

describe("no account enumeration", () => {
  it("answers sign-up, sign-in and reset the same for a registered and an unknown address", async () => {
    await registerAndVerify("known@enum.example", "Known Ltd");
    const ip = "203.0.113.50";
    const signUp = (email: string) =>
      registerEmployer(harness.runtime, {
        companyName: "Someone Else Ltd",
        contactName: "Someone Else",
        email,
        password: PASSWORD,
        request: requestFrom(ip),
      });
    expect(await signUp("known@enum.example")).toEqual({
      status: "accepted",
      email: "known@enum.example",
    });
    expect(await signUp("unknown@enum.example")).toEqual({
      status: "accepted",
      email: "unknown@enum.example",
    });
    // The taken address was not changed: still one organisation, and its owner was told by e-mail.
    const owners = await harness.runtime.database.db
      .select()
      .from(user)
      .where(eq(user.email, "known@enum.example"));
    expect(owners).toHaveLength(1);
    await waitForMessage("known@enum.example", "already have a ReferOH account", {
      dataDir: harness.dataDir,
    });

    const wrongPassword = { password: "Wrong-Password-99" };
    expect(await signIn("known@enum.example", ip, wrongPassword)).toEqual({ status: "invalid" });
    expect(await signIn("nobody@enum.example", ip, wrongPassword)).toEqual({ status: "invalid" });

    expect(
      await requestPasswordReset(harness.runtime, {
        email: "known@enum.example",
        request: requestFrom(ip),
      }),
    ).toBeUndefined();
    expect(
      await requestPasswordReset(harness.runtime, {
        email: "nobody@enum.example",
        request: requestFrom(ip),
      }),
    ).toBeUndefined();
    await waitForMessage("known@enum.example", "Reset your ReferOH password", {
      dataDir: harness.dataDir,
    });
    expect(
      readOutbox(harness.dataDir).filter((m) => m.to.includes("nobody@enum.example")),
    ).toHaveLength(0);
  });
});

describe("lockout", () => {
  it("locks an account for 15 minutes after 10 failures in 5 minutes, whatever IPs they come from", async () => {
    const email = "locked@lockout.example";
    await registerAndVerify(email, "Lockout Ltd");
    for (let i = 1; i <= 10; i++) {
      const result = await signIn(email, `192.0.2.${i}`, { password: `Wrong-Password-${i}` });
      expect(result).toEqual({ status: "invalid" });
    }
    const locked = await signIn(email, "192.0.2.200");
    expect(locked).toMatchObject({ status: "locked" });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(14 * 60);
    const lockouts = await auditActions("auth.lockout");
    expect(lockouts.length).toBeGreaterThanOrEqual(1);

    // An unknown address is locked the same way: the lock says nothing about existence.
    for (let i = 1; i <= 10; i++) {
      await signIn("ghost@lockout.example", `192.0.2.${50 + i}`, {
        password: `Wrong-Password-${i}`,
      });
    }
    expect(await signIn("ghost@lockout.example", "192.0.2.201")).toMatchObject({
      status: "locked",
    });

    // 15 minutes later the right password works again.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 15 * 60 * 1000 + 1000 });
    const later = await signIn(email, "192.0.2.202");
    expect(later.status).toBe("signed-in");
  });
});

describe("password reset", () => {
  it("uses a single-use token and ends every session", async () => {
    const email = "reset@reset.example";
    await registerAndVerify(email, "Reset Ltd");
    const signedIn = await signIn(email, "198.51.100.20");
    expect(signedIn.status).toBe("signed-in");
    const [row] = await harness.runtime.database.db
      .select()
      .from(user)
      .where(eq(user.email, email));
    expect(await harness.runtime.database.db.$count(session, eq(session.userId, row!.id))).toBe(1);

    await requestPasswordReset(harness.runtime, { email, request: requestFrom("198.51.100.20") });
    const message = await waitForMessage(email, "Reset your ReferOH password", {
      dataDir: harness.dataDir,
    });
    const token = new URL(linkTo(message, "/reset-password")).searchParams.get("token")!;
    // The token is not stored in plain text.
    const stored = await harness.runtime.database.db.execute(`select identifier from verification`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // The reset link's account is known: its company name makes a weak password.
    expect(
      await resetPasswordWithToken(harness.runtime, {
        token,
        newPassword: "ResetLtd2024",
        request: requestFrom("198.51.100.20"),
      }),
    ).toEqual({ status: "weak-password", message: passwordMessages.personal });
    const newPassword = "Copper-Meadow-Violin-7";
    expect(
      await resetPasswordWithToken(harness.runtime, {
        token,
        newPassword,
        request: requestFrom("198.51.100.20"),
      }),
    ).toEqual({
      status: "ok",
    });
    expect(await harness.runtime.database.db.$count(session, eq(session.userId, row!.id))).toBe(0);
    expect(
      await resetPasswordWithToken(harness.runtime, {
        token,
        newPassword: "Another-Fine-Phrase-8",
        request: requestFrom("198.51.100.20"),
      }),
    ).toEqual({ status: "invalid-token" });
    const again = await signIn(email, "198.51.100.20", { password: newPassword });
    expect(again.status).toBe("signed-in");
  });
});

describe("two-factor", () => {
  it("counts wrong first codes at enrolment towards the lockout, and audits the lockout they cause", async () => {
    const email = "enrol-lock@totp.example";
    await registerAndVerify(email, "Enrol Lock Ltd");
    const { jar, current } = await signedIn(email, "198.51.100.40");
    const start = await startTwoFactorEnrolment(harness.runtime, {
      actor: current.current.actor,
      email,
      password: PASSWORD,
      request: requestFrom("198.51.100.40", jar),
    });
    if (start.status !== "ok") throw new Error(start.status);
    const before = (await auditActions("auth.lockout")).length;
    for (let i = 0; i < 10; i++)
      expect(
        await confirmTwoFactorEnrolment(harness.runtime, {
          actor: current.current.actor,
          email,
          code: "000000",
          request: requestFrom(`198.51.100.${41 + i}`, jar),
        }),
      ).toEqual({ status: "invalid" });
    const lockouts = await auditActions("auth.lockout");
    expect(lockouts.length).toBe(before + 1);
    expect(lockouts.at(-1)?.actorId).toBe(current.current.user.id);
    expect(await signIn(email, "198.51.100.60")).toMatchObject({ status: "locked" });
  });

  it("refuses a wrong password at enrolment, counts it as a failed sign-in and audits the refusal", async () => {
    const email = "enrol-wrong@totp.example";
    await registerAndVerify(email, "Enrol Wrong Ltd");
    const { jar, current } = await signedIn(email, "198.51.100.41");
    const refusalsBefore = (await auditActions("auth.two_factor.enrolment_started")).length;
    const start = await startTwoFactorEnrolment(harness.runtime, {
      actor: current.current.actor,
      email,
      password: "Not-The-Password-99",
      request: requestFrom("198.51.100.41", jar),
    });
    expect(start).toEqual({ status: "wrong-password" });
    const events = await auditActions("auth.two_factor.enrolment_started");
    expect(events).toHaveLength(refusalsBefore + 1);
    expect(events.at(-1)).toMatchObject({ actorId: current.current.user.id });
    expect(events.at(-1)?.details).toMatchObject({ reason: "wrong_password" });
  });

  it("refuses a TOTP code that was already used", async () => {
    const email = "totp@totp.example";
    await registerAndVerify(email, "Totp Ltd");
    const { jar, current } = await signedIn(email, "198.51.100.30");
    const actor: Actor = current.current.actor;

    const start = await startTwoFactorEnrolment(harness.runtime, {
      actor,
      email,
      password: PASSWORD,
      request: requestFrom("198.51.100.30", jar),
    });
    if (start.status !== "ok") throw new Error(start.status);
    expect(start.enrolment.backupCodes).toHaveLength(10);
    expect(start.enrolment.qrSvg).toContain("<svg");
    const key = base32Decode(start.enrolment.secret);

    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    const confirm = await confirmTwoFactorEnrolment(harness.runtime, {
      actor,
      email,
      code: totp(key, new Date()),
      request: requestFrom("198.51.100.30", jar),
    });
    if (confirm.status !== "ok") throw new Error(confirm.status);
    jar.absorb(confirm.setCookies);

    // Next time step: sign in with password, then a fresh code.
    vi.setSystemTime(t0 + 60_000);
    jar.clear();
    const password = await signIn(email, "198.51.100.31");
    if (password.status !== "second-factor") throw new Error(password.status);
    jar.absorb(password.setCookies);
    const code = totp(key, new Date());
    const ok = await verifySignInSecondFactor(harness.runtime, {
      code,
      method: "totp",
      request: requestFrom("198.51.100.31", jar),
    });
    expect(ok.status).toBe("signed-in");
    if (ok.status !== "signed-in") return;
    jar.absorb(ok.setCookies);
    const verifiedSession = await loadSession(
      harness.runtime,
      requestFrom("198.51.100.31", jar).headers,
    );
    expect(
      verifiedSession.status === "active" && verifiedSession.current.session.twoFactorVerified,
    ).toBe(true);

    // The same code again, still inside its 90-second window: refused.
    jar.clear();
    const again = await signIn(email, "198.51.100.32");
    if (again.status !== "second-factor") throw new Error(again.status);
    jar.absorb(again.setCookies);
    const reused = await verifySignInSecondFactor(harness.runtime, {
      code,
      method: "totp",
      request: requestFrom("198.51.100.32", jar),
    });
    expect(reused).toEqual({ status: "invalid" });
    const failures = await harness.runtime.database.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "auth.second_factor"), eq(auditEvent.outcome, "failure")));
    expect(failures.map((f) => f.details)).toContainEqual({
      reason: "code_reused",
      method: "totp",
    });
  });
});

describe("session lifetime", () => {
  const admin: AdminActor = { userId: "test-admin", role: "admin", twoFactorVerified: true };

  it("ends a doctor's session after 30 minutes idle and an employer's after 7 days", async () => {
    await harness.runtime.database.db.insert(user).values({
      id: "test-admin",
      name: "Test Admin",
      email: "admin@lifetime.example",
      role: "admin",
      emailVerified: true,
    });
    const invited = await inviteDoctor(
      createScope(
        harness.runtime.database.db,
        admin,
        { ip: "198.51.100.40", requestId: "invite" },
        testAdapters(),
      ),
      harness.runtime,
      { name: "Dr Ada Lovelace", email: "ada@lifetime.example", gmcNumber: "1234567" },
    );
    expect(invited.status).toBe("invited");
    const invitation = await waitForMessage("ada@lifetime.example", "Medical Professional Portal", {
      dataDir: harness.dataDir,
    });
    const token = new URL(linkTo(invitation, "/reset-password")).searchParams.get("token")!;
    expect(
      (
        await resetPasswordWithToken(harness.runtime, {
          token,
          newPassword: PASSWORD,
          request: requestFrom("198.51.100.40"),
        })
      ).status,
    ).toBe("ok");

    const t0 = Date.now();
    const jar = new CookieJar();
    const doctor = await signIn("ada@lifetime.example", "198.51.100.40", { portal: "doctor" });
    if (doctor.status !== "signed-in") throw new Error(doctor.status);
    jar.absorb(doctor.setCookies);
    const headers = () => requestFrom("198.51.100.40", jar).headers;

    const minute = 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: t0 + 20 * minute });
    const active = await loadSession(harness.runtime, headers(), new Date());
    expect(active.status).toBe("active");
    // Activity at 20 minutes moved the idle limit to 50 minutes.
    vi.setSystemTime(t0 + 45 * minute);
    expect((await loadSession(harness.runtime, headers(), new Date())).status).toBe("active");
    vi.setSystemTime(t0 + 45 * minute + 31 * minute);
    const ended = await loadSession(harness.runtime, headers(), new Date());
    expect(["expired", "none"]).toContain(ended.status);
    expect((await loadSession(harness.runtime, headers(), new Date())).status).toBe("none");
    vi.useRealTimers();

    // An employer is signed in for 7 days, not a moment longer, however active.
    const email = "week@lifetime.example";
    await registerAndVerify(email, "Week Ltd");
    const employerJar = new CookieJar();
    const t1 = Date.now();
    const employer = await signIn(email, "198.51.100.41");
    if (employer.status !== "signed-in") throw new Error(employer.status);
    employerJar.absorb(employer.setCookies);
    vi.useFakeTimers({ toFake: ["Date"], now: t1 + 6 * 24 * 60 * minute });
    expect(await sessionStatus(employerJar, "198.51.100.41")).toBe("active");
    vi.setSystemTime(t1 + 7 * 24 * 60 * minute + minute);
    expect(await sessionStatus(employerJar, "198.51.100.41")).not.toBe("active");
  });

  it("refuses a non-doctor at the doctor portal with the same answer as a wrong password", async () => {
    await registerAndVerify("employer@portal.example", "Portal Ltd");
    const result = await signIn("employer@portal.example", "198.51.100.50", { portal: "doctor" });
    expect(result).toEqual({ status: "invalid" });
    const [row] = await harness.runtime.database.db
      .select()
      .from(user)
      .where(eq(user.email, "employer@portal.example"));
    expect(await harness.runtime.database.db.$count(session, eq(session.userId, row!.id))).toBe(0);
  });
});
