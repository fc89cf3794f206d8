/**
 * Two questions asked of any error that came out of a query: did the database go away (answer
 * 503, try again shortly), and what may be written to the log about it.
 *
 * Drizzle wraps the driver's error in a DrizzleQueryError whose message is the whole statement
 * followed by its parameter values, and PostgreSQL's own message, detail and "where" fields quote
 * values too (`invalid input syntax for type uuid: "…"`, `Key (email)=(…) already exists`,
 * `unnamed portal parameter $1 = '…'`). Names, e-mail addresses and health text would reach the
 * logs that way, so only codes and names are kept.
 */

/** Node's socket errors when the server is unreachable or drops the connection. */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * SQLSTATE codes that mean "the database is not there right now": class 08 (connection
 * exception), 57P01–57P03 (terminated by an administrator, crash, starting up or shutting down)
 * and 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "53300";
}

/** What node-postgres and PGlite say when a connection is gone (they set no code). */
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /PGlite is closed/i,
  /database closed/i,
  /Cannot use a pool after calling end/i,
  // SQLSTATE 55000 is broader; with this message it is a database closed to connections.
  /not currently accepting connections/i,
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  routine?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  query?: unknown;
  errors?: unknown;
}

/** The error and the errors it wraps (`cause`, and AggregateError's list), outermost first. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  const queue: unknown[] = [error];
  while (queue.length > 0 && out.length < 10) {
    const next = queue.shift();
    if (!next || typeof next !== "object") continue;
    const item = next as ErrorLike;
    out.push(item);
    if (item.cause) queue.push(item.cause);
    if (Array.isArray(item.errors)) queue.push(...item.errors);
  }
  return out;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((item) => {
    const code = typeof item.code === "string" ? item.code : "";
    if (networkCodes.has(code) || isUnavailableSqlState(code)) return true;
    const message = typeof item.message === "string" ? item.message : "";
    return unavailableMessages.some((pattern) => pattern.test(message));
  });
}

/** Whether this error came from the database at all (a query failed, or the connection did). */
function isDatabaseError(error: unknown): boolean {
  return chain(error).some(
    (item) =>
      item.name === "DrizzleQueryError" ||
      (typeof item.code === "string" && /^[0-9A-Z]{5}$/.test(item.code) && "routine" in item) ||
      isDatabaseUnavailable(item),
  );
}

/**
 * The statement's kind and first table, e.g. "select consultation" or "insert into audit_event":
 * enough to find the query in the code, never a value.
 */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, " ").trim();
  const verb =
    /^(with|select|insert into|update|delete from|lock table|call|set|begin|commit|rollback)\b/i
      .exec(text)?.[1]
      ?.toLowerCase();
  if (!verb) return "statement";
  const table = /\b(?:from|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * Error.isError (Node 24) recognises an error from another realm too, where `instanceof Error` is
 * false (in development the app's modules run in Vite's module runner): such an error was logged
 * as `{"type":"object"}`, with no message or stack.
 */
function isError(error: unknown): error is Error {
  const isErrorBuiltin = (Error as { isError?: (value: unknown) => boolean }).isError;
  return isErrorBuiltin ? isErrorBuiltin(error) : error instanceof Error;
}

interface LoggedDatabaseError {
  type: "database";
  unavailable: boolean;
  /** SQLSTATE or the socket error's code. */
  code?: string;
  statement?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

/**
 * A database error as it may be logged: codes and names only. Other errors keep their name,
 * message and stack (our own messages carry no personal data).
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  // pino-http hands its serializer pino's own copy of the error, a plain object: the error it
  // was made from is `raw`.
  const raw = (error as { raw?: unknown } | null)?.raw;
  if (raw !== undefined && raw !== error && typeof error === "object") return errorForLog(raw);
  if (!isDatabaseError(error)) {
    if (isError(error)) {
      return { type: error.name, message: error.message, stack: error.stack };
    }
    // A thrown non-error (a Response, React Router's error response): its kind and status, never
    // its body, which may quote the request.
    const status = (error as { status?: unknown } | null)?.status;
    return {
      type: (error as object | null)?.constructor?.name ?? typeof error,
      ...(typeof status === "number" ? { status } : {}),
    };
  }
  const logged: LoggedDatabaseError = {
    type: "database",
    unavailable: isDatabaseUnavailable(error),
  };
  for (const item of chain(error)) {
    if (typeof item.code === "string" && !logged.code) logged.code = item.code;
    if (typeof item.query === "string" && !logged.statement) {
      logged.statement = statementName(item.query);
    }
    for (const key of ["table", "column", "constraint", "routine"] as const) {
      const value = item[key];
      if (typeof value === "string" && !logged[key]) logged[key] = value;
    }
  }
  return { ...logged };
}
