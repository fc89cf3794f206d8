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
  /**
   * PostgreSQL only: the owner role's connection, used to apply migrations and grant the role of
   * DATABASE_URL its privileges; the app then runs as that restricted role (docs/decisions/0010-hardening-at-the-edge.md).
   * Unset: migrations run through DATABASE_URL.
   */
  DATABASE_MIGRATION_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  /** Unset: e-mail is written as .eml files under DATA_DIR/mail (the embedded outbox). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("ReferOH <no-reply@referoh.co.uk>"),
  /** Where contact and interest messages go. */
  SERVICE_INBOX: z.string().email().default("hello@referoh.co.uk"),
  /** Alerted when an assessment answer raises an urgent safety flag (no health data in the mail). */
  CLINICAL_ONCALL_EMAIL: z.string().email().default("clinical-oncall@referoh.co.uk"),
  /** The subject's window to review a signed report, in working days (England and Wales). */
  REPORT_REVIEW_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(5),
  /** Only then is X-Forwarded-For believed; a number is the count of trusted hops. */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** demo: our own payment page, no card network (refused in production unless allowed). */
  PAYMENT_PROVIDER: z.enum(["demo", "stripe"]).default("demo"),
  ALLOW_DEMO_PAYMENTS: z.enum(["true", "false"]).default("false"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The seller named on VAT invoices and credit notes (HMRC VAT Notice 700/21 §16.3): legal name,
   * address ("\n" or ", " between lines), company number and VAT registration number. Required
   * in production with a real payment provider (docs/decisions/0012-refunds-and-credit-notes.md).
   */
  SELLER_NAME: z.string().default("ReferOH Ltd"),
  SELLER_ADDRESS: z.string().default(""),
  SELLER_COMPANY_NUMBER: z.string().default(""),
  SELLER_VAT_NUMBER: z.string().default(""),
  /** Off in tests and benchmarks that need a quiet database. */
  JOBS: z.enum(["on", "off"]).default("on"),
  /**
   * Web server processes on this machine (server/cluster.ts), each with its own database pool of
   * DB_POOL_MAX connections. More than one needs DATABASE_URL: PGlite lives inside one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL only: the most connections each server process's pool opens (app/db/client.server.ts).
   * The job queue's 4 and the session listener's 1 come on top (docs/deployment.md, "Connections").
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * Signs session cookies and encrypts TOTP secrets: at least 32 characters. Required in production
   * when the service is reached over https or runs on a PostgreSQL server; otherwise generated once
   * into DATA_DIR/auth-secret.
   */
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /**
   * Keys sealing health data at rest (AES-256-GCM): comma-separated `keyid:base64key` (32 bytes),
   * the first one current until `keys:rotate` records another in the database for every server
   * (app/db/encryption/data-key-choice.server.ts). Required in production; otherwise generated into
   * DATA_DIR/data-keys.json.
   */
  DATA_ENCRYPTION_KEYS: z.string().optional(),
  /** Retention periods (ADR 0008): pre-employment health data after the outcome, in months. */
  RETENTION_PRE_EMPLOYMENT_MONTHS: z.coerce.number().int().min(1).default(12),
  /** A management referral's health data after completion, in months (6 years). */
  RETENTION_MANAGEMENT_MONTHS: z.coerce.number().int().min(1).default(72),
  /** An invitation nobody finished (expired or cancelled case), in days. */
  RETENTION_ABANDONED_INVITATION_DAYS: z.coerce.number().int().min(1).default(90),
  /**
   * Video consultations: STUN and TURN servers the browsers use to reach each other, comma
   * separated (`stun:turn.example.org:3478,turn:turn.example.org:3478?transport=udp`). Unset: no
   * ICE servers, which works only on one network. See docs/video-consultations.md (coturn).
   */
  ICE_SERVER_URLS: z.string().default(""),
  /** coturn's `static-auth-secret`: each room gets short-lived TURN credentials (TURN REST API). */
  TURN_SECRET: z.string().optional(),
  /** Fixed TURN credentials, when the TURN server has no shared secret. */
  TURN_USERNAME: z.string().optional(),
  TURN_CREDENTIAL: z.string().optional(),
  /**
   * Case documents are scanned by ClamAV's daemon when one of these is set
   * (app/services/files/scanners.server.ts): its unix socket, or its host and TCP port. Unset: only
   * our own check for active content (PDF JavaScript, Word macros). Production loads ClamAV's
   * signatures with freshclam (README, "Scanning uploaded documents").
   */
  CLAMD_SOCKET: z.string().optional(),
  CLAMD_HOST: z.string().optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Unset, the public address is this machine on the chosen port: links in e-mails and the video
  // room's WebSocket origin then work for `PORT=… npm start` without a second setting.
  const parsed = schema.safeParse({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  if (
    config.PAYMENT_PROVIDER === "stripe" &&
    !(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)
  ) {
    throw new Error(
      "Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
    );
  }
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    throw new Error(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL; the embedded database (PGlite) lives inside one process.",
    );
  }
  if (
    config.NODE_ENV === "production" &&
    config.PAYMENT_PROVIDER === "demo" &&
    config.ALLOW_DEMO_PAYMENTS !== "true"
  ) {
    throw new Error(
      "Invalid configuration: the demo payment provider takes no real payments; in production set PAYMENT_PROVIDER=stripe, or ALLOW_DEMO_PAYMENTS=true for a demonstration.",
    );
  }
  if (config.NODE_ENV === "production" && config.PAYMENT_PROVIDER !== "demo") {
    const missing = (
      ["SELLER_NAME", "SELLER_ADDRESS", "SELLER_COMPANY_NUMBER", "SELLER_VAT_NUMBER"] as const
    ).filter((key) => !config[key].trim());
    if (missing.length > 0)
      throw new Error(
        `Invalid configuration: VAT invoices need the seller's ${missing.join(", ")}; the server will not take payments it cannot invoice.`,
      );
  }
  if (config.CLAMD_SOCKET && config.CLAMD_HOST) {
    throw new Error(
      "Invalid configuration: set CLAMD_SOCKET or CLAMD_HOST, not both; documents are scanned by one clamd.",
    );
  }
  return { ...config, dataDir: path.resolve(config.DATA_DIR) };
}
