import vm from "node:vm";
import { describe, expect, it } from "vitest";
import {
  databaseUnavailableResponse,
  RETRY_AFTER_SECONDS,
} from "~/middleware/database-unavailable.server.ts";
import { errorForLog, isDatabaseUnavailable, statementName } from "./database-errors.ts";

/** The shape of node-postgres's DatabaseError, wrapped the way drizzle wraps it. */
function queryError(code: string, message: string) {
  const cause = Object.assign(new Error(message), {
    code,
    routine: "ProcessInterrupts",
    detail: "Key (email)=(someone@example.org) already exists.",
  });
  return Object.assign(
    new Error(
      `Failed query: insert into "user" ("email") values ($1)\nparams: someone@example.org`,
    ),
    { name: "DrizzleQueryError", query: 'insert into "user" ("email") values ($1)', cause },
  );
}

describe("database errors", () => {
  it("knows a lost database from a bad query", () => {
    expect(isDatabaseUnavailable(queryError("57P01", "terminating connection"))).toBe(true);
    expect(isDatabaseUnavailable(queryError("08006", "connection failure"))).toBe(true);
    expect(isDatabaseUnavailable(queryError("53300", "too many connections"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([Object.assign(new Error(), { code: "ECONNRESET" })]),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(queryError("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("logs codes and names, never the values", () => {
    const logged = errorForLog(queryError("23505", 'duplicate key value "someone@example.org"'));
    expect(logged).toEqual({
      type: "database",
      unavailable: false,
      code: "23505",
      statement: "insert into user",
      routine: "ProcessInterrupts",
    });
    expect(JSON.stringify(logged)).not.toContain("someone");
    expect(errorForLog(new Error("plain"))).toMatchObject({ type: "Error", message: "plain" });
  });

  it("logs the class, message and stack of an error from another realm", () => {
    const foreign = vm.runInNewContext(
      "new TypeError('Cannot convert undefined or null to object')",
    );
    expect(foreign instanceof Error).toBe(false);
    const logged = errorForLog(foreign);
    expect(logged).toMatchObject({
      type: "TypeError",
      message: "Cannot convert undefined or null to object",
    });
    expect(logged.stack).toEqual(expect.stringContaining("TypeError"));
  });

  it("logs the error pino-http hands over as its own copy by the error it was made from", () => {
    // pino's serializer copies the error into a plain object and keeps the original as `raw`.
    const copy = { type: "Error", message: "x", raw: new TypeError("failed with status code 500") };
    expect(errorForLog(copy)).toMatchObject({
      type: "TypeError",
      message: "failed with status code 500",
    });
  });

  it("logs a thrown non-error by its kind and status, never its body", () => {
    const logged = errorForLog(new Response("someone@example.org", { status: 502 }));
    expect(logged).toEqual({ type: "Response", status: 502 });
  });

  it("names statements by kind and first table", () => {
    expect(statementName('select "id" from "consultation" where "id" = $1')).toBe(
      "select consultation",
    );
    expect(statementName('update "referral" set "status" = $1')).toBe("update referral");
    expect(statementName('delete from "session" where x')).toBe("delete from session");
    expect(statementName("vacuum")).toBe("statement");
  });

  it("answers 503 with Retry-After: a page for browsers, JSON otherwise", async () => {
    const page = databaseUnavailableResponse(
      new Request("http://x/employer-dashboard", { headers: { accept: "text/html" } }),
    );
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(await page.text()).toMatch(/Service briefly unavailable/);
    const json = databaseUnavailableResponse(
      new Request("http://x/employer-dashboard.data", { headers: { accept: "text/html" } }),
    );
    expect(json.headers.get("content-type")).toBe("application/json");
    expect(await json.json()).toMatchObject({ error: "database_unavailable" });
  });
});
