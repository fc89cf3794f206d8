import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import type { Database } from "~/db/client.server.ts";
import { apiScopes } from "~/domain/api/api-scopes.ts";
import { apiKeyForTest, callApi, seedApiOrganisation } from "~tests/support/api.ts";
import { fuzzServerForFile, walkTimeout } from "./fuzz.ts";

/*
 * The route fuzz of /api/v1 (docs/api.md), as a key with every scope: malformed JSON, JSON of
 * every shape where a referral belongs, the forms' fields with the wrong types, hostile ids and
 * query values, and bodies over the size limit. No input may make the server fail (5xx), and
 * every refusal is problem details.
 */
const server = fuzzServerForFile();

const writes = [
  "/referrals",
  "/referrals/REF-000001/cancel",
  "/referrals/{id}/reminders",
  "/referrals/%00/cancel",
];
const reads = [
  "/referrals",
  "/referrals/{id}",
  "/referrals/not-a-reference",
  "/reports/REP-ZZZZZZ",
  "/reports/%FF%FE/pdf",
  "/credits",
  "/nowhere",
];

it(
  "route fuzz: no input makes the API fail",
  async () => {
    const built = server();
    const db: Database = built.runtime.database.db;
    const org = await seedApiOrganisation(built.runtime, {
      name: "Fuzz Ltd",
      personName: "Zia Quorne",
      credits: false,
    });
    const { secret: key } = await apiKeyForTest(db, org, { scopes: [...apiScopes] });
    const failures: string[] = [];
    const check = (label: string, answer: { status: number; headers: Record<string, unknown> }) => {
      if (answer.status >= 500) failures.push(`${label}: ${answer.status}`);
      // An address with NUL or broken UTF-8 is refused by the server in front of the router
      // (server/edge.ts), in plain text, before anything knows it is the API's; and a request
      // line over Node's header limit (16 KB: several 5,000-character query values) gets Node's
      // own 431 with no body, before any of the product's code runs.
      else if (/%00|%FF/.test(label) || answer.status === 431) return;
      else if (answer.status >= 400 && !String(answer.headers["content-type"]).includes("json"))
        failures.push(`${label}: a ${answer.status} that is not problem details`);
    };
    const path = (p: string) => p.replace("{id}", org.invitedId);

    // Bodies of every shape, and the forms' fields with values of the wrong type.
    const fieldNames = [
      "type",
      "employeeName",
      "employeeEmail",
      "referralReason",
      "jobDetails",
      "questions",
      "consentToProcessing",
      "candidateName",
      "candidateEmail",
      "jobRole",
      "conditionalOfferDate",
      "drivingRequired",
    ];
    const wrongTyped = fc.record(
      Object.fromEntries(
        fieldNames.map((name) => [
          name,
          fc.oneof(
            fc.jsonValue(),
            fc.constantFrom("management", "pre_employment", "__proto__", "x".repeat(6000)),
          ),
        ]),
      ),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.oneof(fc.jsonValue(), wrongTyped),
        async (target, body) => {
          const answer = await callApi(built, "POST", path(target), {
            key,
            raw: { body: JSON.stringify(body) ?? "null", type: "application/json" },
            idempotencyKey: randomUUID(),
          });
          check(`POST ${target} ${JSON.stringify(body).slice(0, 120)}`, answer);
        },
      ),
      { numRuns: 120 },
    );

    // Not JSON at all, and the wrong media types.
    for (const target of writes)
      for (const raw of [
        { body: "{", type: "application/json" },
        { body: '{"type":"management",', type: "application/json" },
        { body: "\u0000\uffff", type: "application/json" },
        { body: "type=management", type: "application/x-www-form-urlencoded" },
        { body: "<x/>", type: "text/xml" },
      ])
        check(
          `POST ${target} ${raw.type}`,
          await callApi(built, "POST", path(target), { key, raw, idempotencyKey: randomUUID() }),
        );

    // Over the body limit (server/edge.ts): refused before any route reads it.
    const oversized = await callApi(built, "POST", "/referrals", {
      key,
      raw: {
        body: JSON.stringify({ jobDetails: "y".repeat(1_100_000) }),
        type: "application/json",
      },
      idempotencyKey: randomUUID(),
    });
    expect(oversized.status).toBe(413);

    // Reads with hostile ids and query strings.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...reads),
        fc.dictionary(
          fc.constantFrom("status", "search", "after", "__proto__", "constructor"),
          fc.oneof(fc.string(), fc.constantFrom("%00", "x".repeat(5000), "invited", randomUUID())),
        ),
        async (target, query) => {
          const search = new URLSearchParams(query).toString();
          const answer = await callApi(
            built,
            "GET",
            `${path(target)}${search ? `?${search}` : ""}`,
            {
              key,
            },
          );
          check(`GET ${target}?${search.slice(0, 120)}`, answer);
        },
      ),
      { numRuns: 120 },
    );
    expect(failures).toEqual([]);
  },
  walkTimeout,
);
