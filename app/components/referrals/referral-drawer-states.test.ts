import { describe, expect, it } from "vitest";
import type { ReferralPaymentFacts } from "~/domain/billing/referral-payment.ts";
import { whatCancellingReturns } from "~/domain/billing/referral-payment.ts";
import {
  cancellableStatuses,
  finalStatuses,
  referralStatuses,
} from "~/domain/referrals/lifecycle.ts";
import { type DrawerFacts, drawerStates } from "./referral-drawer-states.ts";

const nothing: ReferralPaymentFacts = {
  method: null,
  creditsHeld: 0,
  creditsReturned: 0,
  order: null,
  creditNote: null,
};
const byCredits: ReferralPaymentFacts = { ...nothing, method: "credits", creditsHeld: 4 };
const creditsBack: ReferralPaymentFacts = { ...nothing, method: "credits", creditsReturned: 4 };
const paidByCard: ReferralPaymentFacts = {
  ...nothing,
  method: "order",
  order: { status: "paid", totalPence: 45_600, invoiceNumber: "INV-000007" },
};
const refunded: ReferralPaymentFacts = {
  ...paidByCard,
  order: { status: "refunded", totalPence: 45_600, invoiceNumber: "INV-000007" },
  creditNote: { id: "cn", number: "CN-000003", totalPence: 45_600, refunded: true },
};

function facts(payment: ReferralPaymentFacts, extra: Partial<DrawerFacts> = {}): DrawerFacts {
  return { subjectName: "Jo Bloggs", payment, cancelRefusal: null, amending: false, ...extra };
}

describe("the employer's drawer, state by state", () => {
  it("has an entry for every state of the state machine, each saying what happened and what next", () => {
    expect(Object.keys(drawerStates).sort()).toEqual([...referralStatuses].sort());
    for (const status of referralStatuses) {
      const view = drawerStates[status];
      for (const payment of [nothing, byCredits, creditsBack, paidByCard, refunded]) {
        expect(view.message(facts(payment)).length, status).toBeGreaterThan(10);
        expect(view.next(facts(payment)).length, status).toBeGreaterThan(10);
      }
      expect(view.heading.length).toBeGreaterThan(0);
    }
  });

  it("offers Cancel exactly where the state machine lets the employer cancel", () => {
    for (const status of referralStatuses)
      expect(drawerStates[status].actions.includes("cancel"), status).toBe(
        (cancellableStatuses as readonly string[]).includes(status),
      );
  });

  it("shows the report for Complete, and its Download PDF also while a released report is amended", () => {
    const readable = ["complete", "in_review", "awaiting_subject"];
    for (const status of referralStatuses) {
      expect(drawerStates[status].showsReport, status).toBe(status === "complete");
      expect(drawerStates[status].actions.includes("downloadReport"), status).toBe(
        readable.includes(status),
      );
    }
  });

  it("says an amendment is under way, and that the released version stays, only when amending", () => {
    const amending = facts(nothing, { amending: true });
    expect(drawerStates.in_review.message(amending)).toMatch(/amending the released report/);
    expect(drawerStates.in_review.message(facts(nothing))).not.toMatch(/amending/);
    expect(drawerStates.awaiting_subject.message(amending)).toMatch(
      /amended report is with Jo Bloggs/,
    );
    expect(drawerStates.awaiting_subject.message(facts(nothing))).not.toMatch(/amended/);
  });

  it("never promises a report notification for a case that has ended", () => {
    for (const status of finalStatuses.filter((s) => s !== "complete")) {
      const view = drawerStates[status];
      expect(view.message(facts(nothing)) + view.next(facts(nothing))).not.toMatch(
        /Waiting for assessment|will receive a notification/,
      );
      expect(view.actions).toContain("newReferral");
    }
  });

  it("awaiting payment: Pay now and Cancel, and says nobody was invited", () => {
    const view = drawerStates.awaiting_payment;
    expect(view.heading).toBe("Awaiting payment");
    expect(view.actions).toEqual(["payNow", "cancel"]);
    expect(view.message(facts(nothing))).toContain("has not been invited");
    expect(view.next(facts(nothing))).toContain("7 days");
  });

  it("cancelled and could-not-go-ahead say what came back", () => {
    expect(drawerStates.cancelled.message(facts(creditsBack))).toContain(
      "The 4 credits used were returned to your balance.",
    );
    expect(drawerStates.declined.message(facts(refunded))).toBe(
      "The assessment could not go ahead. £456.00 was refunded to your card (credit note CN-000003).",
    );
    expect(drawerStates.declined.message(facts(creditsBack))).not.toMatch(/declin|consent/i);
  });

  it("tells an unpaid expiry from a lapsed invitation, and offers no Cancel for it", () => {
    expect(drawerStates.payment_expired.heading).toBe("Payment not completed");
    expect(drawerStates.payment_expired.message(facts(nothing))).toContain("Nothing was charged");
    expect(drawerStates.payment_expired.actions).not.toContain("cancel");
    expect(drawerStates.expired.message(facts(byCredits))).toContain("before the link expired");
    expect(drawerStates.expired.next(facts(byCredits))).toContain("get its credits back");
  });
});

describe("what cancelling gives back", () => {
  it("names credits, or pounds to the card with the invoice, or nothing", () => {
    expect(whatCancellingReturns(byCredits)).toBe("4 credits go back to your balance.");
    expect(whatCancellingReturns(paidByCard)).toBe(
      "£456.00 is refunded to the card you paid with, and a credit note is issued against invoice INV-000007.",
    );
    expect(
      whatCancellingReturns({
        ...nothing,
        method: "order",
        order: { status: "pending", totalPence: 45_600, invoiceNumber: null },
      }),
    ).toBe("Nothing has been paid for it, so nothing is charged.");
  });
});
