import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "~/domain/kernel/errors.ts";
import {
  activeStatuses,
  canAct,
  canTransition,
  finalStatuses,
  holdableStatuses,
  lifecycle,
  previousState,
  type ReferralActorKind,
  type ReferralStatus,
  referralActions,
  referralEvents,
  referralRoles,
  referralStatuses,
  statusesVisibleTo,
  transition,
} from "./lifecycle.ts";

const actors: readonly ReferralActorKind[] = [...referralRoles, "system"];
const status = fc.constantFrom(...referralStatuses);
const event = fc.constantFrom(...referralEvents);
const actor = fc.constantFrom(...actors);

/**
 * The lifecycle table's shape, checked at run time as well as by its type: a table built by hand
 * (or cast) that leaves a state out or names an unknown action fails here.
 */
function tableProblems(table: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const s of referralStatuses) if (!(s in table)) problems.push(`no entry for ${s}`);
  for (const [s, raw] of Object.entries(table)) {
    if (!(referralStatuses as readonly string[]).includes(s)) problems.push(`unknown state ${s}`);
    const entry = raw as (typeof lifecycle)[ReferralStatus];
    for (const [role, actions] of Object.entries(entry.actions)) {
      if (!(referralRoles as readonly string[]).includes(role))
        problems.push(`${s}: unknown role ${role}`);
      for (const action of actions ?? [])
        if (!(referralActions as readonly string[]).includes(action))
          problems.push(`${s}: unknown action ${action} for ${role}`);
    }
    for (const [e, out] of Object.entries(entry.on)) {
      if (!(referralEvents as readonly string[]).includes(e))
        problems.push(`${s}: unknown event ${e}`);
      const to = out?.to as string;
      if (to !== previousState && !(referralStatuses as readonly string[]).includes(to))
        problems.push(`${s}: ${e} goes to unknown state ${to}`);
      if (to === previousState && !lifecycle[s as ReferralStatus]?.remembersPrevious)
        problems.push(`${s}: ${e} returns to a previous state it never recorded`);
    }
  }
  return problems;
}

describe("the lifecycle table", () => {
  it("has an entry for every state, and names only known roles, actions, events and states", () => {
    expect(tableProblems(lifecycle)).toEqual([]);
  });

  it("notices a state without an entry and an action nobody knows", () => {
    const { on_hold: _left, ...missing } = lifecycle;
    expect(tableProblems(missing)).toContain("no entry for on_hold");
    const unknownAction = {
      ...lifecycle,
      invited: { ...lifecycle.invited, actions: { employer: ["remind", "teleport"] } },
    };
    expect(tableProblems(unknownAction)).toEqual(["invited: unknown action teleport for employer"]);
  });

  it("lets nobody move a final state, and never counts one as active", () => {
    for (const s of finalStatuses) {
      expect(lifecycle[s].on, s).toEqual({});
      expect(lifecycle[s].active, s).toBe(false);
      // Reading the released report, asking the doctor about it and closing it with no further
      // action (none of which changes the state) are all that is left; only a released report's
      // case has any of them.
      for (const role of referralRoles)
        for (const a of lifecycle[s].actions[role] ?? []) {
          expect(["view_report", "message", "close"], `${role} in ${s}`).toContain(a);
          expect(s, `${role} ${a}`).toBe("complete");
        }
    }
  });

  it("shows doctors nothing before the person is invited or after it ended without them", () => {
    const doctor = statusesVisibleTo("doctor");
    for (const s of [
      "draft",
      "awaiting_payment",
      "payment_expired",
      "declined",
      "cancelled",
    ] as const)
      expect(doctor).not.toContain(s);
    expect(doctor).toContain("on_hold");
    expect(doctor).toContain("submitted");
  });

  it("lets only an administrator hold a case under way, and only an administrator lift it", () => {
    expect([...holdableStatuses].sort()).toEqual(
      activeStatuses.filter((s) => s !== "on_hold").sort(),
    );
    for (const s of referralStatuses)
      for (const role of referralRoles) {
        expect(canAct(s, role, "hold"), `${role} hold ${s}`).toBe(
          role === "admin" && holdableStatuses.includes(s),
        );
        expect(canAct(s, role, "lift_hold"), `${role} lift ${s}`).toBe(
          role === "admin" && s === "on_hold",
        );
      }
  });

  it("offers each role an action only where a transition it may take exists, for the moving actions", () => {
    const moves = {
      cancel: "cancelled",
      take: "doctor_took",
      send_report: "report_sent",
      hold: "hold_placed",
      lift_hold: "hold_lifted",
      reinvite: "reinvited",
    } as const;
    for (const s of referralStatuses)
      for (const role of referralRoles)
        for (const [action, e] of Object.entries(moves))
          if (canAct(s, role, action as keyof typeof moves))
            expect(lifecycle[s].on[e]?.by, `${role} ${action} in ${s}`).toContain(role);
  });
});

describe("transitions, over any sequence of events", () => {
  it("allows a move exactly where canTransition says so", () => {
    fc.assert(
      fc.property(status, event, actor, (from, e, a) => {
        const move = () => transition(from, e, a, from === "on_hold" ? "submitted" : null);
        if (canTransition(from, e, a)) expect(referralStatuses).toContain(move());
        else expect(move).toThrow(DomainError);
      }),
    );
  });

  it("never leaves a final state, whatever the event or actor", () => {
    fc.assert(
      fc.property(fc.constantFrom(...finalStatuses), event, actor, (from, e, a) => {
        expect(() => transition(from, e, a, "invited")).toThrow(DomainError);
      }),
    );
  });

  it("returns from hold to exactly the state it was held in, and only there", () => {
    fc.assert(
      fc.property(fc.constantFrom(...holdableStatuses), (from) => {
        const held = transition(from, "hold_placed", "admin");
        expect(held).toBe("on_hold");
        expect(transition(held, "hold_lifted", "admin", from)).toBe(from);
        // Without a recorded state there is nothing to return to.
        expect(() => transition(held, "hold_lifted", "admin", null)).toThrow(DomainError);
      }),
    );
  });

  it("moves a case on hold by no event but lifting, and by no actor but an administrator", () => {
    fc.assert(
      fc.property(event, actor, (e, a) => {
        const allowed = e === "hold_lifted" && a === "admin";
        if (allowed) expect(transition("on_hold", e, a, "in_review")).toBe("in_review");
        else expect(() => transition("on_hold", e, a, "in_review")).toThrow(DomainError);
      }),
    );
  });

  it("keeps every walk inside the table: each step lands on a known state", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(event, actor), { maxLength: 40 }), (steps) => {
        let current: ReferralStatus = "draft";
        let remembered: ReferralStatus | null = null;
        for (const [e, a] of steps) {
          let next: ReferralStatus;
          try {
            next = transition(current, e, a, remembered);
          } catch (error) {
            expect(isDomainError(error, "invalid_state")).toBe(true);
            continue;
          }
          expect(referralStatuses).toContain(next);
          // A hold lifted lands where it was held.
          if (current === "on_hold") expect(next).toBe(remembered);
          remembered = lifecycle[next].remembersPrevious ? current : null;
          current = next;
        }
      }),
    );
  });
});
