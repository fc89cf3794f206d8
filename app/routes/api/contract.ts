import "~/lib/zod-jitless.ts";
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { apiScopes } from "~/domain/api/api-scopes.ts";
import { referralStatuses } from "~/domain/referrals/lifecycle.ts";
import {
  managementReferralSchema,
  preEmploymentReferralSchema,
} from "~/domain/referrals/referral-input.ts";

/*
 * The contract of /api/v1 (docs/api.md): the request bodies are the referral forms' own Zod
 * schemas (app/domain/referrals/referral-input.ts), so the API refuses exactly what the forms
 * refuse with the same messages; the answers are the schemas below, which the routes build their
 * JSON through and the OpenAPI document is generated from. One source: the document cannot
 * describe an endpoint or a field the server does not have.
 */

const instant = z.iso.datetime({ offset: true });
const referralKey = z
  .string()
  .meta({ description: "The referral's id or its public reference (REF-…, OCC-…)." });

const ReferralStatus = z.enum(referralStatuses).meta({ id: "ReferralStatus" });

const Referral = z
  .object({
    id: z.uuid(),
    reference: z.string().meta({
      description:
        "The referral's public reference: REF- and digits, or OCC- and letters and digits.",
    }),
    type: z.enum(["pre_employment", "management"]),
    status: ReferralStatus,
    subjectName: z.string(),
    jobRole: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: "Referral" });

export const ReferralPage = z
  .object({
    data: z.array(Referral),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `after` for the next page; null on the last page." }),
  })
  .meta({ id: "ReferralPage" });

const HistoryEntry = z
  .object({
    at: instant,
    event: z.string().meta({ description: "The kind of step, e.g. `invited`, `released`." }),
    label: z.string(),
    status: ReferralStatus.nullable().meta({
      description: "The status the referral entered with this step; null where it stayed.",
    }),
  })
  .meta({ id: "ReferralHistoryEntry" });

export const ReferralDetail = Referral.extend({
  subjectEmail: z.email(),
  paymentMethod: z.enum(["credits", "order"]).nullable(),
  invitedAt: instant.nullable(),
  lastReminderAt: instant.nullable(),
  updatedAt: instant,
  closedAt: instant.nullable(),
  reportReference: z
    .string()
    .nullable()
    .meta({ description: "The released report's reference, for GET /reports/{reference}." }),
  history: z.array(HistoryEntry),
}).meta({ id: "ReferralDetail" });

export const CreditBalance = z
  .object({
    balance: z.int().meta({ description: "Credits that can be spent now." }),
    granted: z.int().meta({ description: "Credits granted in the lots still valid." }),
    used: z.int(),
  })
  .meta({ id: "CreditBalance" });

export const EmployerReport = z
  .object({
    reference: z
      .string()
      .meta({ description: "The report's public reference: REP- and letters and digits." }),
    referralReference: z.string(),
    type: z.enum(["pre_employment", "management"]),
    title: z.string(),
    state: z.enum(["released", "withheld"]),
    releasedAt: instant.nullable(),
    version: z.int().nullable(),
    fitness: z.string().nullable(),
    facts: z.array(z.object({ id: z.string(), label: z.string(), value: z.string() })),
    sections: z.array(
      z.object({
        id: z.string(),
        heading: z.string(),
        text: z.string().optional(),
        items: z.array(z.string()).optional(),
        answers: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
        note: z.string().optional(),
        question: z.string().optional(),
      }),
    ),
    signature: z.array(z.string()),
  })
  .meta({
    id: "EmployerReport",
    description:
      "What the employer may read of a report: the released version as the person agreed to release it. A withheld report says only that consent was withheld.",
  });

const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string().optional(),
    errors: z.array(z.object({ pointer: z.string(), detail: z.string() })).optional(),
  })
  .loose()
  .meta({ id: "Problem", description: "RFC 9457 problem details." });

/** The body of POST /referrals: either form's fields, told apart by `type`. */
export function createReferralSchema(today?: string) {
  return z.discriminatedUnion("type", [
    preEmploymentReferralSchema(today).extend({ type: z.literal("pre_employment") }),
    managementReferralSchema.extend({ type: z.literal("management") }),
  ]);
}

export const CreatedReferral = z
  .object({ referral: ReferralDetail })
  .meta({ id: "CreatedReferral" });

export const PaymentRequired = Problem.extend({
  referral: Referral,
  paymentUrl: z.url().meta({ description: "Where a person pays for this referral by card." }),
}).meta({ id: "PaymentRequired" });

/** An answer of one media type: what it is, and its body's schema. */
const answer = (description: string, schema: z.ZodType, type = "application/json") => ({
  description,
  content: { [type]: { schema } },
});
const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      answer(problemDescriptions[status] ?? "A problem", Problem, "application/problem+json"),
    ]),
  );
const problemDescriptions: Record<number, string> = {
  400: "Malformed request",
  401: "No valid API key",
  403: "The key lacks the scope",
  404: "Not found, or not this organisation's",
  409: "Not allowed in the referral's state, or the idempotency key was used for another request",
  415: "Not JSON",
  422: "The body did not validate",
  429: "Rate limited, or too soon",
};

const idempotencyKey = z.string().min(1).max(255).meta({
  description:
    "A unique value per intended write (a UUID). Sending the same key again with the same body answers what the first call answered, without acting twice.",
});

/** Every endpoint of /api/v1, the scope each needs, what it takes and what it answers. */
export function apiDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "An API key made on the Integrations page: `Authorization: Bearer roh_live_…`.",
  });
  const secured = (scope: (typeof apiScopes)[number]) => ({
    security: [{ [bearer.name]: [] }],
    "x-required-scope": scope,
  });

  registry.registerPath({
    method: "get",
    path: "/referrals",
    operationId: "listReferrals",
    summary: "List referrals, newest first",
    ...secured("referrals:read"),
    request: {
      query: z.object({
        status: ReferralStatus.optional(),
        search: z.string().max(100).optional(),
        after: z.uuid().optional().meta({ description: "The `nextCursor` of the page before." }),
      }),
    },
    responses: {
      200: answer("A page of referrals", ReferralPage),
      ...problems(400, 401, 403, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/referrals",
    operationId: "createReferral",
    summary: "Create a referral, paid with credits or by card",
    description:
      "Spends the organisation's credits when they cover it and invites the person (201). Otherwise the referral waits for payment and the answer is 402 with the link where a person pays for it.",
    ...secured("referrals:write"),
    request: {
      headers: z.object({ "Idempotency-Key": idempotencyKey }),
      body: { required: true, content: { "application/json": { schema: createReferralSchema() } } },
    },
    responses: {
      201: answer("Created and paid with credits", CreatedReferral),
      402: answer("Created; waiting for payment", PaymentRequired, "application/problem+json"),
      ...problems(400, 401, 403, 409, 415, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/referrals/{referralKey}",
    operationId: "getReferral",
    summary: "A referral and its status history",
    ...secured("referrals:read"),
    request: { params: z.object({ referralKey }) },
    responses: {
      200: answer("The referral", ReferralDetail),
      ...problems(401, 403, 404, 429),
    },
  });
  // The actions on one referral: a POST with an Idempotency-Key, answered with the referral.
  const referralAction = (action: {
    path: string;
    operationId: string;
    summary: string;
    description?: string;
    done: string;
  }) =>
    registry.registerPath({
      method: "post",
      path: action.path,
      operationId: action.operationId,
      summary: action.summary,
      ...(action.description ? { description: action.description } : {}),
      ...secured("referrals:write"),
      request: {
        params: z.object({ referralKey }),
        headers: z.object({ "Idempotency-Key": idempotencyKey }),
      },
      responses: {
        200: answer(action.done, ReferralDetail),
        ...problems(400, 401, 403, 404, 409, 429),
      },
    });
  referralAction({
    path: "/referrals/{referralKey}/cancel",
    operationId: "cancelReferral",
    summary: "Cancel a referral before the person has sent their answers",
    description: "Credits spent on it are returned; a card payment is refunded.",
    done: "Cancelled",
  });
  referralAction({
    path: "/referrals/{referralKey}/reminders",
    operationId: "sendReminder",
    summary: "Send the person a reminder (at most one a day)",
    done: "Reminder sent",
  });
  // A released report by its reference: as JSON, and as the signed PDF.
  const reportReading = (reading: {
    path: string;
    operationId: string;
    summary: string;
    ok: ReturnType<typeof answer>;
  }) =>
    registry.registerPath({
      method: "get",
      path: reading.path,
      operationId: reading.operationId,
      summary: reading.summary,
      ...secured("reports:read"),
      request: { params: z.object({ reportReference: z.string() }) },
      responses: { 200: reading.ok, ...problems(401, 403, 404, 429) },
    });
  reportReading({
    path: "/reports/{reportReference}",
    operationId: "getReport",
    summary: "A released report, as the employer may read it",
    ok: answer("The report", EmployerReport),
  });
  reportReading({
    path: "/reports/{reportReference}/pdf",
    operationId: "getReportPdf",
    summary: "A released report's signed PDF",
    ok: answer("The PDF as released", z.string().meta({ format: "binary" }), "application/pdf"),
  });
  registry.registerPath({
    method: "get",
    path: "/credits",
    operationId: "getCreditBalance",
    summary: "The organisation's credit balance",
    ...secured("billing:read"),
    responses: {
      200: answer("The balance", CreditBalance),
      ...problems(401, 403, 429),
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "ReferOH API",
      version: "1.0.0",
      description:
        "Referrals, reports and credits of one organisation, for its HR system. See docs/api.md for a quick start. Scopes: " +
        apiScopes.join(", ") +
        ".",
    },
    servers: [{ url: serverUrl }],
  });
}
