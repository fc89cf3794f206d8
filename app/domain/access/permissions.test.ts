import { describe, expect, it } from "vitest";
import { type Actor, can, permissions, roleHome } from "./permissions.ts";

const employer: Actor = {
  userId: "u1",
  role: "employer",
  organisationId: "o1",
  memberRole: "owner",
  doctorActive: null,
  twoFactorVerified: false,
};
const manager: Actor = { ...employer, memberRole: "manager" };
const doctor: Actor = {
  userId: "d1",
  role: "doctor",
  organisationId: null,
  memberRole: null,
  doctorActive: true,
  twoFactorVerified: true,
};
const admin: Actor = { ...doctor, userId: "a1", role: "admin", doctorActive: null };

describe("can()", () => {
  it("refuses everything to nobody", () => {
    for (const permission of permissions) expect(can(null, permission)).toBe(false);
  });

  it("keeps each area to its own role", () => {
    expect(can(employer, "employer-area:view")).toBe(true);
    expect(can(employer, "doctor-area:view")).toBe(false);
    expect(can(employer, "admin-area:view")).toBe(false);
    expect(can(doctor, "employer-area:view")).toBe(false);
    expect(can(doctor, "doctor-area:view")).toBe(true);
    expect(can(doctor, "admin-area:view")).toBe(false);
    expect(can(admin, "admin-area:view")).toBe(true);
    expect(can(admin, "doctor-area:view")).toBe(false);
    expect(can(admin, "employer-area:view")).toBe(false);
  });

  it("needs a second factor for doctors and administrators", () => {
    expect(can({ ...doctor, twoFactorVerified: false }, "doctor-area:view")).toBe(false);
    expect(can({ ...admin, twoFactorVerified: false }, "admin-area:view")).toBe(false);
    expect(can({ ...admin, twoFactorVerified: false }, "doctors:manage")).toBe(false);
    expect(can({ ...doctor, twoFactorVerified: false }, "account:update-own")).toBe(false);
    expect(can(employer, "account:update-own")).toBe(true);
  });

  it("shuts a doctor out the moment access is revoked", () => {
    const revoked = { ...doctor, doctorActive: false };
    expect(can(revoked, "doctor-area:view")).toBe(false);
    expect(can(revoked, "account:update-own")).toBe(false);
  });

  it("lets only owners change company details", () => {
    expect(can(employer, "organisation:update")).toBe(true);
    expect(can(manager, "organisation:update")).toBe(false);
    expect(can({ ...employer, organisationId: null }, "employer-area:view")).toBe(false);
  });

  it("never lets doctors or administrators turn two-factor off", () => {
    expect(can(employer, "two-factor:disable")).toBe(true);
    expect(can(doctor, "two-factor:disable")).toBe(false);
    expect(can(admin, "two-factor:disable")).toBe(false);
  });

  it("sends each role to its own home", () => {
    expect(roleHome).toEqual({
      employer: "/employer-dashboard",
      doctor: "/doctor-dashboard",
      admin: "/admin",
    });
  });
});
