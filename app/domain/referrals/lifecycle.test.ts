import { describe, expect, it } from "vitest";
import { DomainError, httpStatus, isDomainError } from "~/domain/kernel/errors.ts";
import {
  activeStatuses,
  canAct,
  canTransition,
  finalStatuses,
  lifecycle,
  type ReferralActorKind,
  type ReferralEvent,
  referralEvents,
  referralStatuses,
  statusLabels,
  statusTone,
  transition,
} from "./lifecycle.ts";

const actors: ReferralActorKind[] = ["employer", "subject", "doctor", "admin", "system"];
const events: readonly ReferralEvent[] = referralEvents;

describe("referral state machine", () => {
  it("follows the main journey of docs/architecture.md §5", () => {
    let status = transition("draft", "submit_for_payment", "employer");
    expect(status).toBe("awaiting_payment");
    status = transition(status, "payment_confirmed", "system");
    expect(status).toBe("invited");
    status = transition(status, "subject_started", "subject");
    status = transition(status, "subject_submitted", "subject");
    expect(status).toBe("submitted");
    status = transition(status, "doctor_took", "doctor");
    status = transition(status, "report_sent", "doctor");
    expect(status).toBe("awaiting_subject");
    status = transition(status, "subject_requested_correction", "subject");
    expect(status).toBe("in_review");
    status = transition(transition(status, "report_sent", "doctor"), "subject_approved", "subject");
    expect(status).toBe("complete");
  });

  it("pays with credits straight to invited", () => {
    expect(transition("draft", "submit_with_credits", "employer")).toBe("invited");
  });

  it("lets the employer cancel only before the subject submits", () => {
    for (const from of [
      "draft",
      "awaiting_payment",
      "invited",
      "in_progress",
      "expired",
    ] as const) {
      expect(transition(from, "cancelled", "employer")).toBe("cancelled");
    }
    for (const from of [
      "submitted",
      "in_review",
      "awaiting_subject",
      "complete",
      "withheld",
      // A checkout that lapsed unpaid: nothing was charged and nobody invited, nothing to cancel.
      "payment_expired",
    ] as const) {
      expect(() => transition(from, "cancelled", "employer")).toThrow(DomainError);
    }
  });

  it("names every state in words: a lapsed checkout is not an expired invitation", () => {
    expect(statusLabels.payment_expired).toBe("Payment not completed");
    expect(statusLabels.in_progress).toBe("In progress");
    for (const label of Object.values(statusLabels))
      expect(label).toMatch(/^[A-Z][a-z]*( [a-z]+)*$/);
    expect(() => transition("payment_expired", "reinvited", "employer")).toThrow(DomainError);
  });

  it("refuses an event the state does not allow as the domain's invalid_state, answered 409", () => {
    let refusal: unknown;
    try {
      transition("complete", "cancelled", "employer");
    } catch (error) {
      refusal = error;
    }
    if (!isDomainError(refusal, "invalid_state")) throw new Error("expected invalid_state");
    expect(httpStatus(refusal)).toBe(409);
    expect(refusal.message).toMatch(/moved on \(it is now "Complete"\)/);
  });

  it("keeps final states final, for every event and actor", () => {
    for (const from of finalStatuses) {
      for (const event of events) {
        for (const actor of actors) expect(canTransition(from, event, actor)).toBe(false);
      }
    }
  });

  it("refuses every event to an actor it does not name, whatever the state", () => {
    for (const event of events) {
      for (const actor of actors) {
        for (const from of referralStatuses) {
          const out = lifecycle[from].on[event];
          const allowed = out?.by.includes(actor) ?? false;
          expect(canTransition(from, event, actor), `${actor} ${event} from ${from}`).toBe(allowed);
          if (!allowed) expect(() => transition(from, event, actor)).toThrow(DomainError);
        }
      }
    }
  });

  it.each([
    ["subject_started", "invited"],
    ["subject_submitted", "in_progress"],
    ["subject_approved", "awaiting_subject"],
    ["subject_withheld", "awaiting_subject"],
  ] as const)("never lets an employer or doctor act as the subject: %s from %s", (event, from) => {
    expect(canTransition(from, event, "employer")).toBe(false);
    expect(canTransition(from, event, "doctor")).toBe(false);
  });

  it("lets only the doctor reopen a complete case, to amend its report, and an amendment withheld ends back at complete", () => {
    expect(finalStatuses).not.toContain("complete");
    expect(transition("complete", "amendment_started", "doctor")).toBe("in_review");
    for (const actor of ["employer", "subject", "admin", "system"] as const)
      expect(canTransition("complete", "amendment_started", actor)).toBe(false);
    expect(canAct("complete", "doctor", "amend_report")).toBe(true);
    expect(canAct("complete", "employer", "amend_report")).toBe(false);
    expect(transition("awaiting_subject", "amendment_withheld", "subject")).toBe("complete");
    expect(canTransition("awaiting_subject", "amendment_withheld", "doctor")).toBe(false);
    // The released report stays readable while its amendment is written and reviewed.
    expect(canAct("in_review", "employer", "view_report")).toBe(true);
    expect(canAct("awaiting_subject", "employer", "view_report")).toBe(true);
  });

  it("does not count a referral awaiting payment as active, and expires it unpaid", () => {
    expect(activeStatuses).not.toContain("awaiting_payment");
    expect(activeStatuses).toContain("invited");
    expect(transition("awaiting_payment", "payment_expired", "system")).toBe("payment_expired");
    expect(canTransition("awaiting_payment", "payment_expired", "employer")).toBe(false);
  });

  it("labels statuses as the seed does, with its colours", () => {
    expect(statusLabels.awaiting_payment).toBe("Awaiting payment");
    expect(statusLabels.invited).toBe("Employee invited");
    expect(statusLabels.complete).toBe("Complete");
    expect(statusLabels.draft).toBe("Draft");
    expect(statusTone("complete")).toBe("complete");
    expect(statusTone("awaiting_payment")).toBe("pending");
    expect(statusTone("invited")).toBe("info");
  });
});
