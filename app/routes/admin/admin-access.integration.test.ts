import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContext, runtimeContext, sessionContext } from "~/context.ts";
import {
  contactMessage,
  doctorProfile,
  member,
  organisation,
  referral,
  user,
} from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import { getCreditBalance, grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { startTestRuntime } from "~tests/support/accounts-harness.ts";
import * as accessReview from "./access-review.tsx";
import * as audit from "./audit.tsx";
import * as auditCsv from "./audit-csv.ts";
import * as cases from "./cases.tsx";
import * as doctors from "./doctors.tsx";
import * as inbox from "./inbox.tsx";
import * as overview from "./index.tsx";
import * as organisationPage from "./organisation.tsx";
import * as organisations from "./organisations.tsx";

/*
 * Roles × every admin loader and action × objects of two organisations, against one expected-access
 * table. The handlers are called in-process without the layout's middleware, so this proves each
 * handler authorises on its own; tests/e2e/admin/refused.spec.ts proves the middleware in front.
 */

let runtime: Runtime;
let stop: () => Promise<void>;

type Side = "A" | "B";
const world = {} as Record<
  Side,
  {
    organisationId: string;
    referralId: string;
    doctorId: string;
    messageId: string;
    employerId: string;
  }
>;

beforeAll(async () => {
  ({ runtime, stop } = await startTestRuntime());
  const { db } = runtime.database;
  await db.insert(user).values([
    {
      id: "admin-1",
      name: "Ada Admin",
      email: "admin-1@example.org",
      role: "admin",
      twoFactorEnabled: true,
    },
    { id: "admin-no-2fa", name: "Nat Admin", email: "admin-2@example.org", role: "admin" },
  ]);
  for (const side of ["A", "B"] as const) {
    const [org] = await db
      .insert(organisation)
      .values({ name: `Organisation ${side}` })
      .returning({ id: organisation.id });
    const employerId = randomUUID();
    const doctorId = randomUUID();
    await db.insert(user).values([
      {
        id: employerId,
        name: `Employer ${side}`,
        email: `employer-${side}@example.org`,
        role: "employer",
      },
      {
        id: doctorId,
        name: `Dr ${side}`,
        email: `doctor-${side}@example.org`,
        role: "doctor",
        twoFactorEnabled: true,
      },
    ]);
    await db.insert(member).values({ organisationId: org!.id, userId: employerId, role: "owner" });
    await db
      .insert(doctorProfile)
      .values({ userId: doctorId, gmcNumber: side === "A" ? "1111111" : "2222222" });
    await grantCredits(db, { organisationId: org!.id, credits: 50 });
    const [ref] = await db
      .insert(referral)
      .values({
        reference: `REF-00000${side === "A" ? 1 : 2}`,
        organisationId: org!.id,
        type: "management",
        status: "submitted",
        subjectName: `Subject ${side}`,
        subjectEmail: `subject-${side}@example.org`,
        createdBy: employerId,
        ownerId: employerId,
      })
      .returning({ id: referral.id });
    const [message] = await db
      .insert(contactMessage)
      .values({ name: `Writer ${side}`, email: `writer-${side}@example.org`, message: "Hello" })
      .returning({ id: contactMessage.id });
    world[side] = {
      organisationId: org!.id,
      referralId: ref!.id,
      doctorId,
      messageId: message!.id,
      employerId,
    };
  }
}, 120_000);

afterAll(async () => {
  await stop();
});

const roles = [
  "anonymous",
  "employer of A",
  "employer of B",
  "doctor",
  "doctor without second factor",
  "admin without second factor",
  "admin",
] as const;
type Role = (typeof roles)[number];

/** The expected-access table: the admin console is for administrators who passed two-factor. */
const expectedAccess: Record<Role, "allowed" | "refused"> = {
  anonymous: "refused",
  "employer of A": "refused",
  "employer of B": "refused",
  doctor: "refused",
  "doctor without second factor": "refused",
  "admin without second factor": "refused",
  admin: "allowed",
};

function actorFor(role: Role): Actor | null {
  const base = {
    memberRole: null,
    organisationId: null,
    doctorActive: null,
    twoFactorVerified: true,
  };
  switch (role) {
    case "anonymous":
      return null;
    case "employer of A":
    case "employer of B": {
      const side = role.endsWith("A") ? "A" : "B";
      return {
        ...base,
        userId: world[side].employerId,
        role: "employer",
        organisationId: world[side].organisationId,
        memberRole: "owner",
        twoFactorVerified: false,
      };
    }
    case "doctor":
      return { ...base, userId: world.A.doctorId, role: "doctor", doctorActive: true };
    case "doctor without second factor":
      return {
        ...base,
        userId: world.B.doctorId,
        role: "doctor",
        doctorActive: true,
        twoFactorVerified: false,
      };
    case "admin without second factor":
      return { ...base, userId: "admin-no-2fa", role: "admin", twoFactorVerified: false };
    case "admin":
      return { ...base, userId: "admin-1", role: "admin" };
  }
}

function contextFor(role: Role) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  context.set(requestContext, {
    ip: "198.51.100.7",
    requestId: `prop-${randomUUID()}`,
    nonce: "n",
  });
  const actor = actorFor(role);
  context.set(sessionContext, actor ? sessionOf(actor) : null);
  return context;
}

/** The session a signed-in request carries, as far as the admin handlers read it. */
function sessionOf(actor: Actor): CurrentSession {
  return {
    actor,
    user: { id: actor.userId, name: `User ${actor.userId}` },
    organisation: actor.organisationId
      ? {
          id: actor.organisationId,
          name: "Organisation",
          industry: null,
          phone: null,
          address: null,
          memberRole: actor.memberRole ?? "owner",
        }
      : null,
  } as CurrentSession;
}

const base = "http://localhost:3000";
const get = (path: string) => new Request(`${base}${path}`);
const post = (path: string, fields: Record<string, string>) =>
  new Request(`${base}${path}`, { method: "POST", body: new URLSearchParams(fields) });

type Call = (context: RouterContextProvider, side: Side) => Promise<unknown>;
const call = (handler: unknown, args: Record<string, unknown>) =>
  (handler as (a: unknown) => Promise<unknown>)(args);

/** Every admin loader and action, each aimed at one side's objects. */
const operations: Record<string, Call> = {
  "GET /admin": (context) => call(overview.loader, { context, request: get("/admin"), params: {} }),
  "GET /admin/doctors": (context) =>
    call(doctors.loader, { context, request: get("/admin/doctors"), params: {} }),
  "POST /admin/doctors invite": (context) =>
    call(doctors.action, {
      context,
      params: {},
      request: post("/admin/doctors", {
        intent: "invite",
        name: "Dr New Person",
        email: `new-${randomUUID().slice(0, 8)}@example.org`,
        gmcNumber: String(3_000_000 + Math.floor(Math.random() * 6_000_000)),
      }),
    }),
  "POST /admin/doctors revoke": (context, side) =>
    call(doctors.action, {
      context,
      params: {},
      request: post("/admin/doctors", {
        intent: "revoke",
        userId: world[side].doctorId,
        confirm: "yes",
      }),
    }),
  "POST /admin/doctors restore": (context, side) =>
    call(doctors.action, {
      context,
      params: {},
      request: post("/admin/doctors", { intent: "restore", userId: world[side].doctorId }),
    }),
  "GET /admin/organisations": (context, side) =>
    call(organisations.loader, {
      context,
      request: get(`/admin/organisations?q=${side}`),
      params: {},
    }),
  "GET /admin/organisations/:id": (context, side) =>
    call(organisationPage.loader, {
      context,
      request: get("/admin/organisations/x"),
      params: { organisationId: world[side].organisationId },
    }),
  "POST /admin/organisations/:id add credits": (context, side) =>
    call(organisationPage.action, {
      context,
      request: post("/admin/organisations/x", { credits: "1", reason: "Property test grant" }),
      params: { organisationId: world[side].organisationId },
    }),
  "POST /admin/organisations/:id remove credits": (context, side) =>
    call(organisationPage.action, {
      context,
      request: post("/admin/organisations/x", {
        credits: "-1",
        reason: "Property test removal",
        confirm: "yes",
      }),
      params: { organisationId: world[side].organisationId },
    }),
  "GET /admin/cases": (context, side) =>
    call(cases.loader, {
      context,
      request: get(`/admin/cases?organisation=${world[side].organisationId}`),
      params: {},
    }),
  "POST /admin/cases reassign": (context, side) =>
    call(cases.action, {
      context,
      params: {},
      request: post("/admin/cases", {
        referralId: world[side].referralId,
        doctorUserId: world[side === "A" ? "B" : "A"].doctorId,
      }),
    }),
  "GET /admin/inbox": (context) =>
    call(inbox.loader, { context, request: get("/admin/inbox?state=all"), params: {} }),
  "POST /admin/inbox mark handled": (context, side) =>
    call(inbox.action, {
      context,
      params: {},
      request: post("/admin/inbox", { kind: "contact", id: world[side].messageId }),
    }),
  "GET /admin/audit": (context, side) =>
    call(audit.loader, {
      context,
      request: get(`/admin/audit?organisation=${world[side].organisationId}`),
      params: {},
    }),
  "GET /admin/audit.csv": (context, side) =>
    call(auditCsv.loader, {
      context,
      request: get(`/admin/audit.csv?organisation=${world[side].organisationId}`),
      params: {},
    }),
  "GET /admin/access-review": (context) =>
    call(accessReview.loader, { context, request: get("/admin/access-review"), params: {} }),
};

function statusOf(thrown: unknown): number | null {
  if (thrown instanceof Response) return thrown.status;
  const init = (thrown as { init?: { status?: number } } | null)?.init;
  if (init && typeof init.status === "number") return init.status;
  return null;
}

async function attempt(role: Role, operation: string, side: Side): Promise<"allowed" | "refused"> {
  try {
    await operations[operation]!(contextFor(role), side);
    return "allowed";
  } catch (error) {
    const status = statusOf(error);
    // The handlers answer every refusal before any domain code runs, through the refusal map:
    // 401 for an administrator who has not given their second factor (they may, and then
    // proceed), 403 for anyone who is not an administrator.
    if (status === (role === "admin without second factor" ? 401 : 403)) return "refused";
    // Anything else (a 404, a 400, a crash) is a bug for this table, not a refusal.
    throw error;
  }
}

/** Everything an admin action can change, to prove a refused call changed none of it. */
async function fingerprint() {
  const { db } = runtime.database;
  const ids = (["A", "B"] as const).map((s) => world[s]);
  return JSON.stringify({
    credits: await Promise.all(ids.map((w) => getCreditBalance(db, w.organisationId))),
    referrals: await db
      .select({ id: referral.id, doctor: referral.assignedDoctorId })
      .from(referral)
      .orderBy(referral.id),
    doctors: await db
      .select({ id: doctorProfile.userId, active: doctorProfile.active })
      .from(doctorProfile)
      .orderBy(doctorProfile.userId),
    handled: await db
      .select({ id: contactMessage.id, at: contactMessage.handledAt })
      .from(contactMessage)
      .where(
        inArray(
          contactMessage.id,
          ids.map((w) => w.messageId),
        ),
      )
      .orderBy(contactMessage.id),
    users: (await db.select({ id: user.id }).from(user)).length,
  });
}

describe("admin console access", () => {
  it("matches the expected-access table for every role, route, action and object", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...roles),
        fc.constantFrom(...Object.keys(operations)),
        fc.constantFrom<Side>("A", "B"),
        async (role, operation, side) => {
          const before = await fingerprint();
          const outcome = await attempt(role, operation, side);
          expect(outcome, `${role} · ${operation} · ${side}`).toBe(expectedAccess[role]);
          if (outcome === "refused") expect(await fingerprint()).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  }, 240_000);

  it("an administrator's actions really happen (the table's 'allowed' is not vacuous)", async () => {
    const { db } = runtime.database;
    const context = () => contextFor("admin");
    const before = await getCreditBalance(db, world.A.organisationId);
    await operations["POST /admin/organisations/:id add credits"]!(context(), "A");
    expect(await getCreditBalance(db, world.A.organisationId)).toBe(before + 1);
    await operations["POST /admin/doctors restore"]!(context(), "A");
    await operations["POST /admin/cases reassign"]!(context(), "B");
    const [moved] = await db
      .select({ doctor: referral.assignedDoctorId })
      .from(referral)
      .where(and(eq(referral.id, world.B.referralId)));
    expect(moved?.doctor).toBe(world.A.doctorId);
    const csv = (await operations["GET /admin/audit.csv"]!(context(), "A")) as Response;
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("admin.credits_adjusted");
  });
});
