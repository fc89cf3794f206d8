import { randomUUID } from "node:crypto";
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server.ts";
import {
  type ApiAnswer,
  type ApiOrganisation,
  apiKeyForTest,
  callApi,
  seedApiOrganisation,
} from "~tests/support/api.ts";
import { type BuiltServer, startBuiltServer } from "~tests/support/built-server.ts";

/*
 * The contract of /api/v1 (docs/api.md): the OpenAPI document the server serves validates with
 * a real OpenAPI validator, and every operation it documents is called on the production build,
 * each answer checked against the document's schema for its status and media type (JSON Schema
 * 2020-12, as OpenAPI 3.1 says). An operation the document lists and the test did not call fails
 * the last test, so a new endpoint cannot go undocumented-and-untested or the reverse.
 */

let server: BuiltServer;
let db: Database;
let withCredits: ApiOrganisation;
let withoutCredits: ApiOrganisation;
let key: string;
let keyWithoutCredits: string;
// biome-ignore lint/suspicious/noExplicitAny: the document is JSON read back from the server.
let document: any;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const called = new Set<string>();

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

/** The answer checked against the document: its status is documented, and its body fits. */
function conforms(method: string, path: string, answer: ApiAnswer): string[] {
  called.add(`${method} ${path}`);
  const operation = document.paths[path]?.[method.toLowerCase()];
  if (!operation) return [`${method} ${path} is not in the document`];
  const response = operation.responses[String(answer.status)];
  if (!response) return [`${method} ${path} answered ${answer.status}, which is not documented`];
  const type = String(answer.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  const media = response.content?.[type];
  if (!media) return [`${method} ${path} ${answer.status} answered ${type}, not documented`];
  if (type === "application/pdf")
    return answer.body.subarray(0, 5).toString() === "%PDF-" ? [] : ["not a PDF"];
  const ref = `openapi#/${pointer("paths", path, method.toLowerCase(), "responses", String(answer.status), "content", type, "schema")}`;
  const check = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  return check(answer.json)
    ? []
    : [
        `${method} ${path} ${answer.status}: ${ajv.errorsText(check.errors)} in ${answer.body.toString().slice(0, 400)}`,
      ];
}

beforeAll(async () => {
  server = await startBuiltServer({ settings: { LOG_LEVEL: "error", JOBS: "off" } });
  db = server.runtime.database.db;
  withCredits = await seedApiOrganisation(server.runtime, {
    name: "Contract Credits Ltd",
    personName: "Quilla Fernsby",
    credits: true,
  });
  withoutCredits = await seedApiOrganisation(server.runtime, {
    name: "Contract Card Ltd",
    personName: "Rowan Tillery",
    credits: false,
  });
  const all = ["referrals:read", "referrals:write", "reports:read", "billing:read"] as const;
  key = (await apiKeyForTest(db, withCredits, { scopes: [...all] })).secret;
  keyWithoutCredits = (await apiKeyForTest(db, withoutCredits, { scopes: [...all] })).secret;
  const served = await callApi(server, "GET", "/openapi.json");
  document = served.json;
  ajv.addSchema({ ...document, $id: "openapi" });
});

afterAll(async () => {
  await server?.stop();
});

describe("the OpenAPI document", () => {
  it("is served and validates as OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe("every documented operation answers as documented", () => {
  const referralBody = (type: "management" | "pre_employment") =>
    type === "management"
      ? {
          type,
          employeeName: "Sasha Okonkwo",
          employeeEmail: "sasha.okonkwo@example.org",
          referralReason: "Contract test: advice on a phased return.",
          jobDetails: "Office manager, 30 hours a week",
          questions: { fitForWork: true },
          consentToProcessing: true,
        }
      : {
          type,
          candidateName: "Ivo Marchetti",
          candidateEmail: "ivo.marchetti@example.org",
          jobRole: "Driver",
          drivingRequired: true,
          conditionalOfferDate: new Date().toISOString().slice(0, 10),
        };

  it("GET /referrals: a page, and a filtered page, and a refused query", async () => {
    const page = await callApi(server, "GET", "/referrals", { key });
    expect(page.status).toBe(200);
    expect(conforms("GET", "/referrals", page)).toEqual([]);
    const refs = (page.json as { data: { reference: string }[] }).data.map((r) => r.reference);
    expect(refs).toContain(withCredits.invitedReference);
    const invited = await callApi(server, "GET", "/referrals?status=invited", { key });
    expect(conforms("GET", "/referrals", invited)).toEqual([]);
    const bad = await callApi(server, "GET", "/referrals?status=nonsense", { key });
    expect(bad.status).toBe(400);
    expect(conforms("GET", "/referrals", bad)).toEqual([]);
  });

  it("GET /referrals/{referralKey}: by id and by reference, with its history", async () => {
    for (const ref of [withCredits.invitedId, withCredits.invitedReference]) {
      const answer = await callApi(server, "GET", `/referrals/${ref}`, { key });
      expect(answer.status).toBe(200);
      expect(conforms("GET", "/referrals/{referralKey}", answer)).toEqual([]);
    }
    const released = await callApi(server, "GET", `/referrals/${withCredits.releasedReferralId}`, {
      key,
    });
    expect((released.json as { reportReference: string }).reportReference).toBe(
      withCredits.reportReference,
    );
    const missing = await callApi(server, "GET", `/referrals/${randomUUID()}`, { key });
    expect(missing.status).toBe(404);
    expect(conforms("GET", "/referrals/{referralKey}", missing)).toEqual([]);
  });

  it("POST /referrals: 201 paid with credits, 402 with a payment link, 422 and 400 refused", async () => {
    // Either type of referral is placed and paid from the credit balance alike.
    for (const type of ["management", "pre_employment"] as const) {
      const created = await callApi(server, "POST", "/referrals", {
        key,
        json: referralBody(type),
        idempotencyKey: randomUUID(),
      });
      expect(created.status, created.body.toString()).toBe(201);
      expect(conforms("POST", "/referrals", created)).toEqual([]);
    }

    const unpaid = await callApi(server, "POST", "/referrals", {
      key: keyWithoutCredits,
      json: referralBody("management"),
      idempotencyKey: randomUUID(),
    });
    expect(unpaid.status, unpaid.body.toString()).toBe(402);
    expect(conforms("POST", "/referrals", unpaid)).toEqual([]);
    const waiting = unpaid.json as { referral: { status: string }; paymentUrl: string };
    expect(waiting.referral.status).toBe("awaiting_payment");
    // The payment link is the product's own way to pay the order this referral waits on: the
    // demo checkout, or first the billing address a VAT invoice needs (this organisation has none).
    const paymentUrl = new URL(waiting.paymentUrl);
    expect(paymentUrl.origin).toBe(new URL(server.origin).origin);
    expect(paymentUrl.pathname).toBe("/billing-address");
    expect(paymentUrl.searchParams.get("order")).toMatch(/^[0-9a-f-]{36}$/);

    // Each refused body gets its own status, and every refusal is still the documented problem shape.
    const refusals = [
      { body: { json: { type: "management", employeeName: "" } }, status: 422 },
      { body: { raw: { body: "{not json", type: "application/json" } }, status: 400 },
      {
        body: { raw: { body: "type=management", type: "application/x-www-form-urlencoded" } },
        status: 415,
      },
    ];
    for (const { body, status } of refusals) {
      const refused = await callApi(server, "POST", "/referrals", {
        key,
        ...body,
        idempotencyKey: randomUUID(),
      });
      expect(refused.status).toBe(status);
      expect(conforms("POST", "/referrals", refused)).toEqual([]);
    }
  });

  it("POST /referrals with the same Idempotency-Key acts once", async () => {
    const idempotencyKey = randomUUID();
    const first = await callApi(server, "POST", "/referrals", {
      key,
      json: referralBody("pre_employment"),
      idempotencyKey,
    });
    const again = await callApi(server, "POST", "/referrals", {
      key,
      json: referralBody("pre_employment"),
      idempotencyKey,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers["idempotency-replayed"]).toBe("true");
    expect(again.json).toEqual(first.json);
    const other = await callApi(server, "POST", "/referrals", {
      key,
      json: referralBody("management"),
      idempotencyKey,
    });
    expect(other.status).toBe(409);
    expect(conforms("POST", "/referrals", other)).toEqual([]);
    const none = await callApi(server, "POST", "/referrals", {
      key,
      json: referralBody("management"),
    });
    expect(none.status).toBe(400);
  });

  it("POST /referrals/{referralKey}/reminders: sent, then too soon", async () => {
    const path = `/referrals/${withCredits.invitedReference}/reminders`;
    const sent = await callApi(server, "POST", path, { key, idempotencyKey: randomUUID() });
    expect(sent.status, sent.body.toString()).toBe(200);
    expect(conforms("POST", "/referrals/{referralKey}/reminders", sent)).toEqual([]);
    const again = await callApi(server, "POST", path, { key, idempotencyKey: randomUUID() });
    expect(again.status).toBe(429);
    expect(conforms("POST", "/referrals/{referralKey}/reminders", again)).toEqual([]);
  });

  it("POST /referrals/{referralKey}/cancel: cancelled, then refused in its new state", async () => {
    const path = `/referrals/${withCredits.invitedId}/cancel`;
    const cancelled = await callApi(server, "POST", path, { key, idempotencyKey: randomUUID() });
    expect(cancelled.status, cancelled.body.toString()).toBe(200);
    expect(conforms("POST", "/referrals/{referralKey}/cancel", cancelled)).toEqual([]);
    const detail = cancelled.json as { status: string; history: { status: string | null }[] };
    expect(detail.status).toBe("cancelled");
    expect(detail.history.at(-1)?.status).toBe("cancelled");
    const again = await callApi(server, "POST", path, { key, idempotencyKey: randomUUID() });
    expect(again.status).toBe(409);
    expect(conforms("POST", "/referrals/{referralKey}/cancel", again)).toEqual([]);
  });

  it("GET /reports/{reportReference} and its PDF", async () => {
    const json = await callApi(server, "GET", `/reports/${withCredits.reportReference}`, { key });
    expect(json.status, json.body.toString()).toBe(200);
    expect(conforms("GET", "/reports/{reportReference}", json)).toEqual([]);
    const pdf = await callApi(server, "GET", `/reports/${withCredits.reportReference}/pdf`, {
      key,
    });
    expect(pdf.status).toBe(200);
    expect(conforms("GET", "/reports/{reportReference}/pdf", pdf)).toEqual([]);
    const missing = await callApi(server, "GET", "/reports/REP-NOPE00/pdf", { key });
    expect(missing.status).toBe(404);
    expect(conforms("GET", "/reports/{reportReference}/pdf", missing)).toEqual([]);
  });

  it("GET /credits", async () => {
    const answer = await callApi(server, "GET", "/credits", { key });
    expect(answer.status).toBe(200);
    expect(conforms("GET", "/credits", answer)).toEqual([]);
    expect((answer.json as { balance: number }).balance).toBeGreaterThan(0);
    const none = await callApi(server, "GET", "/credits");
    expect(none.status).toBe(401);
    expect(conforms("GET", "/credits", none)).toEqual([]);
  });

  it("called every operation the document lists", () => {
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(
      ([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect([...called].sort()).toEqual(documented.sort());
  });
});
