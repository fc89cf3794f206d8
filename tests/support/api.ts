import http from "node:http";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { member, organisation, referral, report } from "~/db/schema/index.ts";
import type { ApiScope } from "~/domain/api/api-scopes.ts";
import { createApiKey } from "~/domain/api/create-api-key.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { testAdapters } from "./adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "./assessments.ts";
import { becomeMemberForTest } from "./billing.ts";
import { employerScopeForTest } from "./referrals.ts";
import { createSentReport } from "./reports.ts";
import { createAccountOn, uniqueEmail } from "./test-accounts.ts";

/*
 * An organisation as an HR system's API calls see it (docs/api.md), made through the domain's
 * own use cases on a built server's database: an owner, credits if asked for, an invited
 * referral a reminder is due on, and a released report with its frozen PDF.
 */

export interface ApiOrganisation {
  ownerId: string;
  organisationId: string;
  organisationName: string;
  personName: string;
  invitedId: string;
  invitedReference: string;
  releasedReferralId: string;
  reportReference: string;
}

export async function seedApiOrganisation(
  runtime: Pick<Runtime, "auth" | "database">,
  { name, personName, credits }: { name: string; personName: string; credits: boolean },
): Promise<ApiOrganisation> {
  const db: Database = runtime.database.db;
  const ownerId = await createAccountOn(
    runtime,
    "employer",
    uniqueEmail("api-owner"),
    `Owner ${name}`,
  );
  const [org] = await db.insert(organisation).values({ name }).returning({ id: organisation.id });
  const organisationId = org!.id as string;
  await db.insert(member).values({ organisationId, userId: ownerId, role: "owner" });
  if (credits) await becomeMemberForTest(db, { userId: ownerId, organisationId }, "starter");
  const ours = async (referralId: string) =>
    db
      .update(referral)
      .set({ organisationId, subjectName: personName, createdBy: ownerId, ownerId })
      .where(eq(referral.id, referralId));
  // Invited two days ago: a reminder may be sent.
  const invited = await createInvitedReferralForTest(db, {
    type: "management",
    now: new Date(Date.now() - 2 * 86_400_000),
  });
  await ours(invited.referral.id);
  const sent = await createSentReport(db, { organisationName: name });
  const opened = await openAssessmentLink(db, {
    token: sent.token,
    origin: { ip: "192.0.2.90", requestId: "api-seed" },
  });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(db, opened.link, {
      adapters: testAdapters({ jobs: { send: async () => null } }),
    }),
    { version: 1, releaseDiagnosis: false },
  );
  await ours(sent.referral.id);
  await db.update(report).set({ organisationId }).where(eq(report.id, sent.report.id));
  return {
    ownerId,
    organisationId,
    organisationName: name,
    personName,
    invitedId: invited.referral.id,
    invitedReference: invited.referral.reference,
    releasedReferralId: sent.referral.id,
    reportReference: sent.report.reference,
  };
}

/** A key of the organisation made by its owner, as the Integrations page makes one. */
export async function apiKeyForTest(
  db: Database,
  org: ApiOrganisation,
  {
    scopes,
    expiresOn = "",
    now = new Date(),
  }: { scopes: ApiScope[]; expiresOn?: string; now?: Date },
) {
  const scope = employerScopeForTest(
    db,
    {
      userId: org.ownerId,
      organisationId: org.organisationId,
      organisationName: org.organisationName,
    },
    now,
  );
  return createApiKey(scope, {
    intent: "create-key",
    name: `Test key ${scopes.join(" ")}`,
    scopes,
    expiresOn,
  });
}

export interface ApiAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, or null when it is not JSON. */
  json: unknown;
}

/** One call to /api/v1 as an HR system makes it: a bearer key, JSON, no cookies. */
export function callApi(
  server: { port: number; origin: string },
  method: string,
  path: string,
  {
    key,
    json,
    raw,
    idempotencyKey,
    headers = {},
  }: {
    key?: string;
    json?: unknown;
    raw?: { body: string; type: string };
    idempotencyKey?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer> {
  const body =
    json !== undefined
      ? { bytes: Buffer.from(JSON.stringify(json)), type: "application/json" }
      : raw
        ? { bytes: Buffer.from(raw.body), type: raw.type }
        : null;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method,
        path: path.startsWith("/api/") ? path : `/api/v1${path}`,
        headers: {
          host: new URL(server.origin).host,
          accept: "application/json",
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          ...(body ? { "content-type": body.type, "content-length": body.bytes.length } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(bytes.toString("utf8"));
          } catch {
            parsed = null;
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes,
            json: parsed,
          });
        });
      },
    );
    request.on("error", reject);
    if (body) request.write(body.bytes);
    request.end();
  });
}
