import pino from "pino";

/** Fields that must never reach a log line, whatever object is logged. */
const redact = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
  "*.secret",
  // Health payloads (issue 9): if a row is ever logged whole, its health columns still are not.
  "*.answers",
  "*.transcript",
  "*.safetyReasons",
  "*.buildContext",
  "*.draft",
  "*.body",
  "*.subjectComment",
];

export function createLogger(level: string) {
  return pino({ level, redact: { paths: redact, censor: "[redacted]" } });
}

export type Logger = ReturnType<typeof createLogger>;
