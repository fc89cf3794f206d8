import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, member, referral, referralManager } from "~/db/schema/index.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { referralRecipients } from "./employer-notice.server.ts";
import { getReferralForEmployer } from "./get-referral.server.ts";
import { listReferrals } from "./list-referrals.server.ts";
import { nameReferralManager } from "./name-referral-manager.server.ts";
import { reassignReferral } from "./reassign-referral.server.ts";
import { getReferralPeople, reassignOwnedReferrals } from "./referral-people.server.ts";
import { removeReferralManager } from "./remove-referral-manager.server.ts";

/*
 * A referral's people (docs/architecture.md §4): naming and removing additional managers, and
 * reassigning who a referral belongs to, one at a time or all of a member's at once.
 */
const team = teamOrganisationForFile({
  organisationName: "People Ltd",
  idPrefix: "user-people-",
  domain: "people.example",
  outsiders: [["olga", "manager"]],
});
const { scopeOf, draftBy, who } = team;

async function sees(name: string, referralId: string) {
  const listed = (await listReferrals(scopeOf(name), {})).rows.some((r) => r.id === referralId);
  const byId = await getReferralForEmployer(scopeOf(name), referralId).then(
    () => true,
    () => false,
  );
  expect(listed, `${name}'s list and lookup by id agree`).toBe(byId);
  return byId;
}

async function auditOf(action: string, objectId: string) {
  return team.db
    .select({ actorId: auditEvent.actorId, details: auditEvent.details })
    .from(auditEvent)
    .where(and(eq(auditEvent.action, action), eq(auditEvent.objectId, objectId)));
}

describe("naming and removing managers on a referral", () => {
  it("shares a manager's referral with a named colleague and takes it away again", async () => {
    const made = await draftBy("alice", "Nadia Named");
    expect(await sees("bob", made.id)).toBe(false);

    const before = await getReferralPeople(scopeOf("alice"), made.id);
    expect(before.owner.userId).toBe(who("alice").userId);
    expect(before.maker).toBeNull();
    expect(before.named).toEqual([]);
    expect(before.candidates.map((c) => c.name)).toEqual(["bob", "carol", "hr", "owner"]);
    expect(before).toMatchObject({ canName: true, canReassign: false, teamSize: 5 });

    const userId = who("bob").userId;
    expect(await nameReferralManager(scopeOf("alice"), { referralId: made.id, userId })).toEqual({
      added: true,
      reference: made.reference,
    });
    // Naming again changes nothing and records nothing more.
    expect(await nameReferralManager(scopeOf("alice"), { referralId: made.id, userId })).toEqual({
      added: false,
      reference: made.reference,
    });
    expect(await sees("bob", made.id)).toBe(true);
    expect(await sees("carol", made.id)).toBe(false);
    const after = await getReferralPeople(scopeOf("bob"), made.id);
    expect(after.named).toEqual([
      expect.objectContaining({ userId, name: "bob", roleLabel: "Manager" }),
    ]);
    expect(after.candidates.map((c) => c.name)).toEqual(["carol", "hr", "owner"]);
    expect((await referralRecipients(team.db, { ...made, ownerId: made.ownerId })).sort()).toEqual([
      "alice@people.example",
      "bob@people.example",
    ]);

    // Carol cannot see it, so she cannot name herself on it either.
    await expect(
      nameReferralManager(scopeOf("carol"), { referralId: made.id, userId: who("carol").userId }),
    ).rejects.toMatchObject({ code: "not_found" });

    expect(
      await removeReferralManager(scopeOf("alice"), { referralId: made.id, userId }),
    ).toMatchObject({ removed: true, stillVisible: true });
    expect(await sees("bob", made.id)).toBe(false);

    await expect(
      removeReferralManager(scopeOf("alice"), {
        referralId: made.id,
        userId: who("alice").userId,
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });

    expect(await auditOf("referral.manager_added", made.id)).toEqual([
      { actorId: who("alice").userId, details: { reference: made.reference, userId } },
    ]);
    expect(await auditOf("referral.manager_removed", made.id)).toEqual([
      { actorId: who("alice").userId, details: { reference: made.reference, userId } },
    ]);
  });

  it("lets a named manager take themselves off, after which they no longer see it", async () => {
    const made = await draftBy("alice", "Sam Self");
    const userId = who("carol").userId;
    await nameReferralManager(scopeOf("alice"), { referralId: made.id, userId });
    expect(
      await removeReferralManager(scopeOf("carol"), { referralId: made.id, userId }),
    ).toMatchObject({ removed: true, stillVisible: false });
    expect(await sees("carol", made.id)).toBe(false);
  });

  it("refuses someone from another organisation, or nobody at all, and inserts nothing", async () => {
    const made = await draftBy("alice", "Otto Outsider");
    for (const userId of [who("olga").userId, "user-nobody"])
      await expect(
        nameReferralManager(scopeOf("alice"), { referralId: made.id, userId }),
      ).rejects.toMatchObject({
        code: "invalid_input",
        message: expect.stringContaining("current member of your organisation"),
      });
    const rows = await team.db
      .select()
      .from(referralManager)
      .where(eq(referralManager.referralId, made.id));
    expect(rows).toEqual([]);
    expect(await auditOf("referral.manager_added", made.id)).toEqual([]);
  });
});

describe("reassigning referrals", () => {
  it("is refused to a manager", async () => {
    const made = await draftBy("alice", "Mona Manager");
    await expect(
      reassignReferral(scopeOf("alice"), { referralId: made.id, toUserId: who("bob").userId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      reassignOwnedReferrals(scopeOf("alice"), {
        fromUserId: who("alice").userId,
        toUserId: who("bob").userId,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const [row] = await team.db
      .select({ ownerId: referral.ownerId })
      .from(referral)
      .where(eq(referral.id, made.id));
    expect(row?.ownerId).toBe(who("alice").userId);
  });

  it("moves a referral from one manager to another, with its access and its e-mails", async () => {
    const made = await draftBy("alice", "Rita Reassigned");
    const bobId = who("bob").userId;
    // Bob was named; as its owner he needs no named row.
    await nameReferralManager(scopeOf("alice"), { referralId: made.id, userId: bobId });
    await expect(
      reassignReferral(scopeOf("hr"), { referralId: made.id, toUserId: who("olga").userId }),
    ).rejects.toMatchObject({ code: "invalid_input" });

    expect(await reassignReferral(scopeOf("hr"), { referralId: made.id, toUserId: bobId })).toEqual(
      { changed: true, reference: made.reference },
    );
    expect(await sees("alice", made.id)).toBe(false);
    expect(await sees("bob", made.id)).toBe(true);
    const recipients = await referralRecipients(team.db, {
      id: made.id,
      organisationId: team.organisationId,
      ownerId: bobId,
    });
    expect(recipients).toEqual(["bob@people.example"]);

    const seen = await getReferralPeople(scopeOf("hr"), made.id);
    expect(seen.owner.userId).toBe(bobId);
    expect(seen.maker).toMatchObject({ userId: who("alice").userId, roleLabel: "Manager" });
    expect(seen.named).toEqual([]);
    expect(seen.canReassign).toBe(true);
    const [row] = await team.db
      .select({ createdBy: referral.createdBy })
      .from(referral)
      .where(eq(referral.id, made.id));
    expect(row?.createdBy, "who made it never changes").toBe(who("alice").userId);

    expect(await auditOf("referral.reassigned", made.id)).toEqual([
      {
        actorId: who("hr").userId,
        details: { reference: made.reference, fromUserId: who("alice").userId, toUserId: bobId },
      },
    ]);
  });

  it("moves every referral a member owns, and only theirs, in one audited step", async () => {
    const carolId = who("carol").userId;
    const ownerId = who("owner").userId;
    const carols = [await draftBy("carol", "Cara One"), await draftBy("carol", "Cara Two")];
    const others = await draftBy("bob", "Bea Other");

    // Carol leaves the team first; her cases are still hers until they are moved.
    await team.db
      .delete(member)
      .where(and(eq(member.organisationId, team.organisationId), eq(member.userId, carolId)));
    await expect(
      reassignOwnedReferrals(scopeOf("owner"), { fromUserId: carolId, toUserId: carolId }),
    ).rejects.toMatchObject({ code: "invalid_input" });

    expect(
      await reassignOwnedReferrals(scopeOf("owner"), { fromUserId: carolId, toUserId: ownerId }),
    ).toEqual({ count: 2 });
    const owners = await team.db
      .select({ id: referral.id, ownerId: referral.ownerId })
      .from(referral)
      .where(inArray(referral.id, [...carols.map((c) => c.id), others.id]));
    expect(Object.fromEntries(owners.map((o) => [o.id, o.ownerId]))).toEqual({
      [carols[0]?.id as string]: ownerId,
      [carols[1]?.id as string]: ownerId,
      [others.id]: who("bob").userId,
    });
    expect(await auditOf("referral.owned_reassigned", carolId)).toEqual([
      { actorId: ownerId, details: { fromUserId: carolId, toUserId: ownerId, count: 2 } },
    ]);
    // Nothing left to move: a second run moves nothing.
    expect(
      await reassignOwnedReferrals(scopeOf("hr"), { fromUserId: carolId, toUserId: ownerId }),
    ).toEqual({ count: 0 });
  });
});
