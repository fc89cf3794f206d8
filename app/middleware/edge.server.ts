import { data, type MiddlewareFunction } from "react-router";
import { referralKeyCondition } from "~/domain/referrals/get-referral.server.ts";
import { isOpaqueId, isPublicReference, isUuid } from "~/lib/ids.ts";
import { problemResponse } from "./problem.server.ts";

/**
 * The first check every route's request passes (root middleware): input that cannot be one of
 * ours is answered with a 4xx here, before any loader, action or query sees it. The server in
 * front (server/app.ts) has already refused unknown methods, NUL bytes and broken percent-encoding
 * in the address, and oversized bodies.
 */

/**
 * URL parameters by name (app/routes.ts) and the identifier each must be. Maps, not object
 * literals: a name from the request (`hasOwnProperty`, `__proto__`) must not find
 * Object.prototype's members.
 */
const paramFormats = new Map<string, (value: string) => boolean>([
  ["referralId", isUuid],
  ["consultationId", isUuid],
  ["documentId", isUuid],
  ["organisationId", isOpaqueId],
  ["reference", isPublicReference],
]);

/**
 * Form fields that carry an id, by name, across every form of the app. A field that is present
 * must have its shape (a select's empty "choose one" option is allowed where there is one); an
 * absent one is left to the action, which answers with the form's message.
 */
const formIdFormats = new Map<string, (value: string) => boolean>([
  ["id", isUuid],
  ["referralId", isUuid],
  ["consultationId", isUuid],
  ["offerId", (value) => value === "" || isUuid(value)],
  ["userId", isOpaqueId],
  ["doctorUserId", (value) => value === "" || isOpaqueId(value)],
  ["toUserId", (value) => value === "" || isOpaqueId(value)],
]);

/**
 * Names no field or query parameter of ours has, and that mean something to every JavaScript
 * object: a form or query read into a plain object (Object.fromEntries, Conform's paths such as
 * `a.b[0]`) could reach the prototype or shadow its methods with them. Each segment of a name is
 * checked, so `__proto__[polluted]` and `items.constructor` are refused as well.
 */
const reservedNames = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"]);

function isReservedName(name: string): boolean {
  return name.split(/[.[\]]/).some((segment) => reservedNames.has(segment));
}

/**
 * What the form parser accepts besides the body's size (server/edge.ts): the largest form of the
 * app (the report editor) has under 100 fields and no text field over 20,000 characters.
 */
export const formLimits = { fields: 500, fieldBytes: 100 * 1024 } as const;

/**
 * Routes whose body is not a form: the payment provider's webhook reads raw JSON and checks its
 * signature, and the REST API (docs/api.md) reads JSON through its contract's schemas.
 */
const rawBodyPaths = new Set(["/webhooks/stripe"]);
const isRawBodyPath = (pathname: string) =>
  rawBodyPaths.has(pathname) || pathname.startsWith("/api/v1/");

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

function isEdgeRefusal(
  value: unknown,
): value is { data: unknown; init: { status?: number } | null } {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

function notFound(): never {
  throw data("Not found", { status: 404 });
}

function badRequest(message: string): never {
  throw data(message, { status: 400 });
}

function isEmptyBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return length.trim() === "0";
  return request.body === null || !request.headers.has("transfer-encoding");
}

/**
 * The employer's addresses name a referral by its id or by the reference on its invoice and in
 * its e-mails (REF-…, OCC-…); getReferralForEmployer resolves either within the organisation.
 * Every other area looks referrals up by id alone, so a reference there is not one of ours.
 */
const employerReferralPath = /^\/employer-referrals?\//;

export function checkParams(params: Record<string, string | undefined>, pathname = ""): void {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === "referralId" && employerReferralPath.test(pathname)) {
      if (referralKeyCondition(value) === null) notFound();
      continue;
    }
    const format = paramFormats.get(name);
    if (format && !format(value)) notFound();
  }
}

/** Query parameter names that are not ours at all: 400 before any loader reads the query. */
export function checkQuery(url: URL): void {
  for (const name of url.searchParams.keys()) {
    if (isReservedName(name)) badRequest("The address contains a parameter that is not allowed.");
  }
}

/** The form's values as strings; files are named only to be skipped. */
export async function checkForm(request: Request): Promise<void> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!type && isEmptyBody(request)) {
    // A POST with nothing in it (a button's fetch, a script) is an empty form: say so, so an
    // action that reads the form gets an empty one instead of a parse error.
    request.headers.set("content-type", "application/x-www-form-urlencoded");
    return;
  }
  if (!formTypes.includes(type)) {
    throw data("This address accepts only form submissions.", { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    badRequest("The form could not be read. Please try again.");
  }
  let count = 0;
  for (const [name, value] of form.entries()) {
    if (++count > formLimits.fields) badRequest("The form has more fields than any of ours.");
    if (name.includes("\u0000")) badRequest("The form contains characters that are not allowed.");
    if (isReservedName(name)) badRequest("The form contains a field name that is not allowed.");
    if (typeof value !== "string") continue;
    // PostgreSQL text cannot hold NUL, and no field of ours needs it.
    if (value.includes("\u0000")) badRequest("The form contains characters that are not allowed.");
    if (Buffer.byteLength(value) > formLimits.fieldBytes) {
      throw data("A field of the form is too long.", { status: 413 });
    }
    const format = formIdFormats.get(name);
    if (format && !format(value)) notFound();
  }
}

export const edgeChecks: MiddlewareFunction<Response> = async ({ request, params }, next) => {
  const url = new URL(request.url);
  const { pathname } = url;
  try {
    checkParams(params, pathname);
    checkQuery(url);
  } catch (refusal) {
    // The API answers every refusal as problem details (docs/api.md), these included.
    if (!pathname.startsWith("/api/v1/") || !isEdgeRefusal(refusal)) throw refusal;
    const status = refusal.init?.status ?? 400;
    return problemResponse(
      status,
      status === 404 ? "not_found" : "invalid_input",
      String(refusal.data),
    );
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    if (!isRawBodyPath(pathname)) await checkForm(request);
  }
  return next();
};
