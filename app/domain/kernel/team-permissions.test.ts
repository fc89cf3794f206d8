import { describe, expect, it } from "vitest";
import { memberRoles } from "~/db/schema/auth.ts";
import {
  grantableRoles,
  memberRoleLabel,
  teamCan,
  teamPermissions,
  teamPermissionTable,
} from "./team-permissions.ts";

describe("the team permission table", () => {
  it("gives an owner everything", () => {
    for (const permission of teamPermissions) expect(teamCan("owner", permission)).toBe(true);
  });

  it("gives an HR administrator every case, billing and inviting managers, not the owner's powers", () => {
    const granted = [
      "referrals:all",
      "referrals:reassign",
      "billing:manage",
      "team:invite-manager",
      "team:remove-manager",
    ] as const;
    for (const permission of granted)
      expect(teamCan("hr_admin", permission), permission).toBe(true);
    for (const permission of ["team:manage-all", "organisation:update"] as const)
      expect(teamCan("hr_admin", permission), permission).toBe(false);
  });

  it("lets a manager make and share referrals, and nothing of billing or the team", () => {
    expect([...teamPermissionTable.manager].sort()).toEqual([
      "referrals:assign",
      "referrals:create",
    ]);
    expect(teamCan("manager", "referrals:all")).toBe(false);
    // Naming a colleague shares a case; giving it away is for those who see every case.
    expect(teamCan("manager", "referrals:reassign")).toBe(false);
    expect(teamCan("manager", "billing:manage")).toBe(false);
    expect(teamCan("manager", "team:view")).toBe(false);
  });

  it("lets a role grant only roles at or below what it may manage", () => {
    expect(grantableRoles("owner")).toEqual(["owner", "hr_admin", "manager"]);
    expect(grantableRoles("hr_admin")).toEqual(["manager"]);
    expect(grantableRoles("manager")).toEqual([]);
  });

  it("has a row and a label for every role", () => {
    for (const role of memberRoles) {
      expect(teamPermissionTable[role]).toBeDefined();
      expect(memberRoleLabel[role]).toMatch(/\w/);
    }
  });
});
