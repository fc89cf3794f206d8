import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, member, session } from "~/db/schema/index.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import {
  activeSession,
  CookieJar,
  requestFrom,
  scopeOfSession,
  testRuntimeForFile,
} from "~tests/support/accounts-harness.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { linkTo, waitForMessage } from "../../../tests/e2e/support/outbox.ts";
import { verifyEmailAddress } from "./email-verification.server.ts";
import { actorOfSession, type CurrentSession } from "./load-session.server.ts";
import { registerEmployer } from "./register-employer.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { switchOrganisation } from "./switch-organisation.server.ts";

/*
 * The switcher (docs/architecture.md §4): an HR consultant in two organisations moves this
 * session between them; membership is checked by the server, and the session's choice grants
 * nothing once the membership is gone.
 */
const PASSWORD = "Teal-Harbour-Lantern-42";
const harness = testRuntimeForFile();

/** A switch the server refuses as if the organisation or session did not exist. */
async function expectSwitchRefused(
  caller: CurrentSession,
  sessionId: string,
  organisationId: string,
) {
  const refused = await switchOrganisation(scopeOf(caller), { sessionId, organisationId }).catch(
    (error: unknown) => error,
  );
  expect(isDomainError(refused, "not_found")).toBe(true);
}

/** The audit log's organisation switches by this person. */
function switchesAudited(userId: string) {
  return harness.runtime.database.db
    .select()
    .from(auditEvent)
    .where(
      and(eq(auditEvent.action, "team.organisation_switched"), eq(auditEvent.actorId, userId)),
    );
}

/** The organisation a session has chosen, if any. */
async function chosenOrganisation(sessionId: string) {
  const [row] = await harness.runtime.database.db
    .select({ active: session.activeOrganisationId })
    .from(session)
    .where(eq(session.id, sessionId));
  return row?.active ?? null;
}

/** A verified employer (owner of `companyName`), signed in: the browser's cookie jar. */
async function signedInEmployer(email: string, companyName: string, ip: string) {
  await registerEmployer(harness.runtime, {
    companyName,
    contactName: "Harriet Consultant",
    email,
    password: PASSWORD,
    industry: "Consulting",
    request: requestFrom(ip),
  });
  const message = await waitForMessage(email, "Verify your email", { dataDir: harness.dataDir });
  const token = new URL(linkTo(message, "/verify-email")).searchParams.get("token")!;
  await verifyEmailAddress(harness.runtime, { token, request: requestFrom(ip) });
  const signedIn = await signInWithPassword(harness.runtime, {
    email,
    password: PASSWORD,
    portal: "main",
    request: requestFrom(ip),
  });
  if (signedIn.status !== "signed-in") throw new Error(signedIn.status);
  return new CookieJar().absorb(signedIn.setCookies);
}

const current = (jar: CookieJar, ip: string) =>
  activeSession(harness.runtime, requestFrom(ip, jar).headers);

function scopeOf(sessionNow: CurrentSession) {
  return scopeOfSession(harness.runtime, sessionNow, { ip: "198.51.100.70", requestId: "switch" });
}

describe("switching organisation", () => {
  it("moves this session to another organisation of the person's, audited, and back to the first when that membership ends", async () => {
    const ip = "198.51.100.70";
    const jar = await signedInEmployer("harriet@consult.example", "First Firm Ltd", ip);
    const before = await current(jar, ip);
    const first = before.organisation!;
    expect(first.name).toBe("First Firm Ltd");
    const second = await insertOrganisationForTest(harness.runtime.database.db, {
      name: "Second Firm Ltd",
    });
    await harness.runtime.database.db
      .insert(member)
      .values({ organisationId: second, userId: before.user.id, role: "manager" });

    // A second sign-in (another browser) of the same person keeps its own choice.
    const again = await signInWithPassword(harness.runtime, {
      email: "harriet@consult.example",
      password: PASSWORD,
      portal: "main",
      request: requestFrom(ip),
    });
    if (again.status !== "signed-in") throw new Error(again.status);
    const otherBrowser = new CookieJar().absorb(again.setCookies);

    const listed = await current(jar, ip);
    expect(listed.organisation?.id).toBe(first.id);
    expect(listed.memberships.map((m) => [m.name, m.memberRole])).toEqual([
      ["First Firm Ltd", "owner"],
      ["Second Firm Ltd", "manager"],
    ]);

    const moved = await switchOrganisation(scopeOf(listed), {
      sessionId: listed.session.id,
      organisationId: second,
    });
    expect(moved).toEqual({ id: second, name: "Second Firm Ltd" });
    const after = await current(jar, ip);
    expect(after.organisation).toMatchObject({ id: second, memberRole: "manager" });
    expect(actorOfSession(after)).toMatchObject({ organisationId: second, memberRole: "manager" });
    expect((await current(otherBrowser, ip)).organisation?.id).toBe(first.id);

    const [event] = await switchesAudited(before.user.id);
    expect(event).toMatchObject({
      outcome: "success",
      organisationId: first.id,
      objectType: "organisation",
      objectId: second,
      details: { from: first.id, to: second },
    });

    // Removed from the organisation this session chose: it acts for the other one again.
    await harness.runtime.database.db
      .delete(member)
      .where(and(eq(member.organisationId, second), eq(member.userId, before.user.id)));
    const fallen = await current(jar, ip);
    expect(fallen.organisation).toMatchObject({ id: first.id, memberRole: "owner" });
    expect(fallen.memberships.map((m) => m.id)).toEqual([first.id]);
  });

  it("refuses an organisation the person does not belong to as not found, and changes nothing", async () => {
    const ip = "198.51.100.71";
    const jar = await signedInEmployer("solo@consult.example", "Solo Firm Ltd", ip);
    const stranger = await insertOrganisationForTest(harness.runtime.database.db, {
      name: "Stranger Ltd",
    });
    const before = await current(jar, ip);

    await expectSwitchRefused(before, before.session.id, stranger);

    expect(await chosenOrganisation(before.session.id)).toBeNull();
    expect((await current(jar, ip)).organisation?.id).toBe(before.organisation?.id);
    const audited = await switchesAudited(before.user.id);
    expect(audited).toEqual([]);
  });

  it("moves only the caller's own session: another person's session id changes nothing", async () => {
    const ip = "198.51.100.72";
    const mine = await current(await signedInEmployer("me@consult.example", "Mine Ltd", ip), ip);
    const theirs = await current(
      await signedInEmployer("them@consult.example", "Theirs Ltd", ip),
      ip,
    );
    await expectSwitchRefused(mine, theirs.session.id, mine.organisation!.id);
    expect(await chosenOrganisation(theirs.session.id)).toBeNull();
  });
});
