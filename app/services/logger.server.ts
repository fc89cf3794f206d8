import pino, { type DestinationStream } from "pino";
import { errorForLog } from "~/db/database-errors.ts";

/** Fields that must never reach a log line, whatever object is logged. */
const redact = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
  "*.secret",
  // Health payloads (ADR 0008): if a row is ever logged whole, its health columns still are not.
  "*.answers",
  "*.transcript",
  "*.safetyReasons",
  "*.buildContext",
  "*.draft",
  "*.body",
  "*.subjectComment",
];

/**
 * Every `{ err }` goes through errorForLog: a failed query's message and fields quote the values
 * it was given (names, e-mail addresses, health text), so a database error keeps only its codes
 * and the statement's name.
 */
export const logSerializers = { err: errorForLog, error: errorForLog };

export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: redact, censor: "[redacted]" },
      serializers: logSerializers,
    },
    destination,
  );
}

export type Logger = ReturnType<typeof createLogger>;
