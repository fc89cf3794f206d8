import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { member, referral, user } from "~/db/schema/index.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { leaveOrganisation } from "~/domain/teams/team.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { authenticateApiKey } from "./authenticate-api-key.server.ts";
import { createApiKey } from "./create-api-key.server.ts";
import { recordApiCall } from "./record-api-call.server.ts";
import { revokeApiKey } from "./revoke-api-key.server.ts";

/*
 * An API key is the organisation's, not a person's (docs/api.md): it keeps working after the HR
 * administrator who made it leaves the team, its calls are audited under the key with the member
 * who made it, and it still stops at once when revoked. Each key has a rate limit of its own.
 */
const database = testDatabaseForFile();

async function person(organisationId: string, role: "owner" | "hr_admin") {
  const userId = `user-${randomUUID()}`;
  await database.db.insert(user).values({
    id: userId,
    name: `Person ${role}`,
    email: `${userId}@keys.example`,
    emailVerified: true,
    role: "employer",
  });
  await database.db.insert(member).values({ organisationId, userId, role });
  return employerScopeForTest(database.db, {
    userId,
    organisationId,
    organisationName: "Keys Ltd",
    memberRole: role,
  });
}

const door = (now = new Date()) => systemScope(database.db, "api-door", testAdapters(), { now });

describe("an API key", () => {
  it("keeps working after the member who made it leaves, audited under the key and its maker", async () => {
    const organisationId = await insertOrganisationForTest(database.db, { name: "Keys Ltd" });
    const owner = await person(organisationId, "owner");
    const hrAdmin = await person(organisationId, "hr_admin");
    const key = await createApiKey(hrAdmin, {
      intent: "create-key",
      name: "Payroll sync",
      scopes: ["referrals:read", "referrals:write"],
      expiresOn: "",
    });

    await leaveOrganisation(hrAdmin);
    const left = await database.db
      .select()
      .from(member)
      .where(eq(member.userId, hrAdmin.actor.userId));
    expect(left).toEqual([]);

    const authenticated = await authenticateApiKey(door(), key.secret);
    if (authenticated.status !== "ok") throw new Error(`refused: ${JSON.stringify(authenticated)}`);
    expect(authenticated.scope.actor).toMatchObject({
      organisationId,
      apiKeyId: key.id,
      memberRole: "hr_admin",
    });

    // It still makes referrals for the organisation; the trail names the key, not the person.
    const { referral: made } = await saveManagementReferral(authenticated.scope, {
      intent: "submit",
      input: managementReferralInput(),
      provider: "demo",
    });
    const [row] = await database.db.select().from(referral).where(eq(referral.id, made.id));
    expect(row?.organisationId).toBe(organisationId);
    const madeEvents = await auditEventsAbout(database.db, made.id);
    expect(madeEvents.length).toBeGreaterThan(0);
    expect(madeEvents.every((e) => e.actorId === `api_key:${key.id}`)).toBe(true);

    await recordApiCall(authenticated.scope, {
      keyId: key.id,
      method: "POST",
      route: "/api/v1/referrals",
      status: 201,
    });
    const [call] = await auditEventsAbout(database.db, key.id, "api.request");
    expect(call).toMatchObject({
      actorId: `api_key:${key.id}`,
      actorRole: "api_key",
      organisationId,
      details: { keyMadeBy: hrAdmin.actor.userId, status: 201 },
    });

    // Revoking it (the owner, now the maker is gone) still stops it at once.
    await revokeApiKey(owner, key.id);
    expect(await authenticateApiKey(door(), key.secret)).toMatchObject({
      status: "unauthenticated",
      message: "This API key has been revoked.",
    });
  });

  it("is limited to 300 calls a minute, each key on its own", async () => {
    const organisationId = await insertOrganisationForTest(database.db, { name: "Keys Ltd" });
    const owner = await person(organisationId, "owner");
    const make = (name: string) =>
      createApiKey(owner, { intent: "create-key", name, scopes: ["billing:read"], expiresOn: "" });
    const busy = await make("Busy sync");
    const quiet = await make("Quiet sync");
    const now = new Date();
    for (let call = 0; call < 300; call++)
      expect((await authenticateApiKey(door(now), busy.secret)).status).toBe("ok");
    const limited = await authenticateApiKey(door(now), busy.secret);
    expect(limited).toMatchObject({ status: "rate_limited" });
    expect(limited.status === "rate_limited" && limited.retryAfterSeconds).toBeGreaterThan(0);
    expect((await authenticateApiKey(door(now), quiet.secret)).status).toBe("ok");
    // The next minute's window lets it in again.
    const later = new Date(now.getTime() + 61_000);
    expect((await authenticateApiKey(door(later), busy.secret)).status).toBe("ok");
  });
});
