import type { z } from "zod";
import { problemOf, problemResponse } from "~/middleware/problem.server.ts";

/*
 * How every /api/v1 route answers (docs/api.md): JSON built through the contract's schema for
 * that answer (app/routes/api/contract.ts), so nothing beyond the documented fields leaves the
 * server, and a refusal as problem details (RFC 9457).
 */

/** The value as JSON would carry it (dates as ISO strings), then through the answer's schema. */
export function jsonAnswer<S extends z.ZodType>(
  schema: S,
  value: unknown,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const body = schema.parse(JSON.parse(JSON.stringify(value)));
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status: init.status ?? 200, headers });
}

/** Runs a route's work; a domain refusal (or a problem thrown on purpose) becomes its answer. */
export async function answering(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return problemOf(error);
  }
}

/** A query string read through its schema; a value it refuses is a 400 problem. */
export function readQuery<S extends z.ZodType>(url: string, schema: S): z.output<S> {
  const params = Object.fromEntries(new URL(url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success)
    throw problemResponse(400, "invalid_input", "The query string is not valid.", {
      errors: parsed.error.issues.map((issue) => ({
        pointer: `#/${issue.path.join("/")}`,
        detail: issue.message,
      })),
    });
  return parsed.data;
}

/**
 * A JSON body read through its schema: not JSON is 415, broken JSON 400, and a body the schema
 * refuses 422 with each field's error as a JSON pointer and the form's own message.
 */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw problemResponse(415, "unsupported_media_type", "Send the body as application/json.");
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    throw problemResponse(400, "invalid_json", "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw problemResponse(422, "validation_failed", "The body has fields that are not valid.", {
      errors: parsed.error.issues.map((issue) => ({
        pointer: `/${issue.path.join("/")}`,
        detail: issue.message,
      })),
    });
  return parsed.data;
}
