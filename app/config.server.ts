import path from "node:path";
import { z } from "zod";

/**
 * Every setting the product reads from the environment, with its default. The README's
 * configuration table mirrors this schema; keep them together.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Unset: embedded PGlite under DATA_DIR. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  /** Unset: e-mail is written as .eml files under DATA_DIR/mail (the embedded outbox). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("ReferOH <no-reply@referoh.co.uk>"),
  /** Where contact and interest messages go. */
  SERVICE_INBOX: z.string().email().default("hello@referoh.co.uk"),
  /** Only then is X-Forwarded-For believed; a number is the count of trusted hops. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Off in tests and benchmarks that need a quiet database. */
  JOBS: z.enum(["on", "off"]).default("on"),
  /**
   * Signs session cookies and encrypts TOTP secrets: at least 32 characters. Required in production
   * when the service is reached over https or runs on a PostgreSQL server; otherwise generated once
   * into DATA_DIR/auth-secret.
   */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
