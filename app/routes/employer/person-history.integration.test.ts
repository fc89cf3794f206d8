import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runtimeContext } from "~/context.ts";
import { auditEvent } from "~/db/schema/index.ts";
import { type Caller, employerTeamForRouteTests } from "~tests/support/employer-route-team.ts";
import { formPost, thrown } from "~tests/support/routes.ts";
import { action as managementAction } from "./management-referral.tsx";
import { loader as historyLoader } from "./person-history.tsx";
import { action as preEmploymentAction } from "./pre-employment-referral.tsx";

/*
 * The person's history in-process (docs/architecture.md §4, "The person's history"): the
 * same-person question's round trip on the management referral form, and what the history page's
 * loader gives the page. The rules themselves are the domain's
 * (app/domain/referrals/person-history.integration.test.ts).
 */
const { contextOf, miasDraft, db } = employerTeamForRouteTests({
  idPrefix: "history-route",
  organisation: "History Route Ltd",
  otherOrganisation: "Other Ltd",
  zedRole: "owner",
  employeeName: "Rory Route",
});

const draftForm = {
  intent: "draft",
  employeeName: "Rory Newname",
  employeeEmail: " JO.Bloggs@example.org",
  employeePhone: "",
  referralReason: "Typed reason that must survive the question",
  jobDetails: "Typed job details",
  existingAdjustments: "",
  "questions.fitForWork": "on",
};

/** The route context with the payment provider the form names on a referral (never charged here). */
function withDemoPayments(context: ReturnType<typeof contextOf>) {
  Object.assign(context.get(runtimeContext), { payments: { id: "demo" } });
  return context;
}

function post(fields: Record<string, string>, as: Caller) {
  return managementAction({
    request: formPost("http://localhost/employer-referral", fields),
    params: {},
    context: withDemoPayments(contextOf(as)),
  } as unknown as Parameters<typeof managementAction>[0]);
}

/** A `data(…)` answer: its status and body. */
function answer(result: unknown) {
  const { data, init } = result as {
    data: {
      result: { status?: string; initialValue?: Record<string, unknown> };
      samePerson?: unknown;
    };
    init?: { status?: number };
  };
  return { status: init?.status, ...data };
}

describe("the same-person question on the referral form", () => {
  it("asks when the address is on a visible case under another name, keeps everything typed, and saves once confirmed", async () => {
    const mias = await miasDraft();
    const asked = answer(await post(draftForm, ["hr", "hr_admin"]));
    expect(asked.status).toBe(409);
    expect(asked.samePerson).toEqual({
      name: "Rory Route",
      reference: mias.reference,
      email: "jo.bloggs@example.org",
    });
    expect(asked.result.initialValue).toMatchObject({
      employeeName: "Rory Newname",
      referralReason: "Typed reason that must survive the question",
      jobDetails: "Typed job details",
      questions: { fitForWork: "on" },
    });

    // Confirmed for another address: asked again.
    const stale = answer(
      await post(
        { ...draftForm, samePersonConfirmed: "on", samePersonEmail: "other@example.org" },
        ["hr", "hr_admin"],
      ),
    );
    expect(stale.status).toBe(409);

    const saved = (await post(
      { ...draftForm, samePersonConfirmed: "on", samePersonEmail: "jo.bloggs@example.org" },
      ["hr", "hr_admin"],
    )) as Response;
    expect(saved.status).toBe(302);
    // The grouping is the member's judgement, and it is on the record.
    const [confirmed] = await db()
      .select({ details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.action, "referral.same_person_confirmed"));
    expect(confirmed?.details).toMatchObject({ earlierReference: expect.stringMatching(/^REF-/) });
  });

  it("asks nothing under the same name, nor a manager who cannot see the earlier case", async () => {
    await miasDraft();
    const sameName = (await post({ ...draftForm, employeeName: "rory route" }, [
      "hr",
      "hr_admin",
    ])) as Response;
    expect(sameName.status).toBe(302);
    const ned = (await post(draftForm, ["ned", "manager"])) as Response;
    expect(ned.status).toBe(302);
    const elsewhere = (await post(draftForm, ["zed", "owner"])) as Response;
    expect(elsewhere.status).toBe(302);
  });
});

describe("the same-person question on the pre-employment form", () => {
  it("asks before anything is placed, keeping the candidate's details", async () => {
    const mias = await miasDraft();
    const answered = answer(
      await preEmploymentAction({
        request: formPost("http://localhost/pre-employment-referral", {
          candidateName: "Rory Candidate",
          candidateEmail: "jo.bloggs@EXAMPLE.org",
          candidatePhone: "",
          jobRole: "Office Worker",
          conditionalOfferDate: "2026-01-05",
          additionalNotes: "Typed note",
        }),
        params: {},
        context: withDemoPayments(contextOf(["hr", "hr_admin"])),
      } as unknown as Parameters<typeof preEmploymentAction>[0]),
    );
    expect(answered.status).toBe(409);
    expect(answered.samePerson).toMatchObject({ name: "Rory Route", reference: mias.reference });
    expect(answered.result.initialValue).toMatchObject({
      candidateName: "Rory Candidate",
      additionalNotes: "Typed note",
    });
  });
});

describe("GET /employer-people/:referralId/history", () => {
  function load(referralId: string, as: Caller) {
    return historyLoader({
      request: new Request(`http://localhost/employer-people/${referralId}/history`),
      params: { referralId },
      context: contextOf(as),
    } as unknown as Parameters<typeof historyLoader>[0]);
  }

  it("gives the page dates and states of the person's cases the member may see, and nothing clinical", async () => {
    const mias = await miasDraft();
    const data = await load(mias.id, ["hr", "hr_admin"]);
    expect(data.referral.reference).toBe(mias.reference);
    expect(data.cases.map((c) => c.reference)).toContain(mias.reference);
    const text = JSON.stringify(data);
    expect(text).not.toContain("Recurring back pain");
    expect(text).not.toContain("Typed reason");
    expect(text).not.toContain("Warehouse team leader");
    // Mia sees only her own cases of the person; Ned none of hers.
    const miasView = await load(mias.id, ["mia", "manager"]);
    expect(miasView.cases.every((c) => c.reference.startsWith("REF-"))).toBe(true);
    expect(answer(await thrown(load(mias.id, ["ned", "manager"]))).status).toBe(404);
    expect(answer(await thrown(load(mias.id, ["zed", "owner"]))).status).toBe(404);
  });
});
