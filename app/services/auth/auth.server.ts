import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
// The minimal entry is better-auth without Kysely, which only a direct database connection or
// better-auth's own migrations need; we hand it Drizzle and migrate with drizzle-kit. The full
// entry loaded 262 Kysely files more at every start (docs/perf-notes-startup.md), and the
// plugins' index every plugin, where we use one.
import { betterAuth } from "better-auth/minimal";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Config } from "~/config.server.ts";
import type { Database } from "~/db/client.server.ts";
import * as schema from "~/db/schema/index.ts";
import type { AuthAccountRules } from "~/domain/accounts/auth-rules.server.ts";
import type { Logger } from "../logger.server.ts";
import type { Mailer, MailMessage } from "../mail/mailer.server.ts";

/** The only header better-auth reads a client address from; we set it from the socket (see authHeaders). */
const CLIENT_IP_HEADER = "x-referoh-client-ip";

/** Paths that create a session after a second factor: such sessions are marked as 2FA-verified. */
const secondFactorPaths = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

interface AuthDependencies {
  config: Config;
  db: Database;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  /** The domain's password rules, account e-mails and session lifetimes (authAccountRules). */
  rules: AuthAccountRules;
}

/**
 * The better-auth instance. Its HTTP handler is deliberately not mounted: every sign-in, sign-up,
 * reset and second-factor step goes through our own route actions, which apply our rate limits,
 * audit events and uniform answers before calling `auth.api.*` (ADR 0004).
 */
export function createAuth({ config, db, secret, mailer, logger, rules }: AuthDependencies) {
  const { passwordProblem, sessionPolicy, emails } = rules;
  const publicUrl = new URL(config.PUBLIC_URL);
  const https = publicUrl.protocol === "https:";
  const link = (path: string) => new URL(path, publicUrl).toString();

  /** E-mail leaves in the background so the answer takes the same time whether or not one is sent. */
  function sendInBackground(message: MailMessage, kind: string) {
    mailer.send(message).catch((error: unknown) => {
      logger.error({ err: error, kind }, "account e-mail could not be sent");
    });
  }

  return betterAuth({
    appName: "ReferOH",
    // Its own warnings ("Invalid password", "User not found") are our audit events; errors go to pino.
    logger: {
      level: "error",
      log: (level, message, ...args) => {
        // Its arguments can be a failed query (with the values it was given) or a request body:
        // only errors are kept, through the logger's redacting serializer, and nothing else.
        if (level !== "error") return;
        const errors = args.filter((arg) => arg instanceof Error);
        logger.error(
          { err: errors[0], errorCount: errors.length },
          `better-auth: ${message.slice(0, 200)}`,
        );
      },
    },
    baseURL: config.PUBLIC_URL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [publicUrl.origin],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "employer" },
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
      },
    },
    session: {
      // Employers: 7 days from sign-in, never extended. Doctors and admins: see databaseHooks and
      // the area middleware (30 minutes idle, 12 hours at most).
      expiresIn: sessionPolicy.employer.absoluteSeconds,
      disableSessionRefresh: true,
      // No copy of the session in the cookie: a revoked session or doctor ends at once. The
      // server's own cache is dropped on every change (docs/decisions/0013-session-cache.md).
      cookieCache: { enabled: false },
      freshAge: 60 * 60 * 12,
      additionalFields: {
        twoFactorVerified: { type: "boolean", required: false, input: false, defaultValue: false },
        activeOrganisationId: { type: "string", required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Also makes sign-up answer the same for taken and new addresses.
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: rules.passwordLength.min,
      maxPasswordLength: rules.passwordLength.max,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        sendInBackground(
          emails.resetPassword(user.email, user.name, link(`/reset-password?token=${token}`)),
          "reset-password",
        );
      },
      async onExistingUserSignUp({ user }) {
        sendInBackground(
          emails.existingAccount(user.email, user.name, link("/login"), link("/forgot-password")),
          "existing-account",
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, token }) {
        sendInBackground(
          emails.verification(user.email, user.name, link(`/verify-email?token=${token}`)),
          "verify-email",
        );
      },
    },
    // Reset tokens and other one-time values are stored as hashes, never in plain text.
    verification: { storeIdentifier: "hashed" },
    // The HTTP router (where better-auth's own limiter lives) is not mounted; our limiter, stored in
    // the database, covers every entry point (app/domain/accounts/throttle.server.ts, over the
    // named limits of app/domain/kernel/rate-limit.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "referoh",
      // Under https every cookie of ours is a __Host- cookie (named below): the browser keeps it
      // only if it is Secure, for Path=/ and no Domain, so no other host of the domain, nor a
      // plain-http page, can set or shadow the session. better-auth would put its own __Secure-
      // in front of any name, so its prefixing is off and Secure is set here instead.
      useSecureCookies: false,
      cookies: https
        ? Object.fromEntries(
            authCookieNames.map((name) => [name, { name: `${HOST_COOKIE_PREFIX}referoh.${name}` }]),
          )
        : undefined,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure: https },
      // Never X-Forwarded-For: the address comes from Express (socket, or a trusted proxy only).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // The session and its user in one query (relations in app/db/schema/auth.ts).
      database: { joins: true },
    },
    plugins: [
      twoFactor({
        issuer: "ReferOH",
        skipVerificationOnEnable: false,
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: "encrypted" },
      }),
    ],
    hooks: {
      // Defence in depth: the deny list also guards any path that sets a password.
      before: createAuthMiddleware(async (ctx) => {
        if (!["/sign-up/email", "/reset-password", "/change-password"].includes(ctx.path)) return;
        const body = (ctx.body ?? {}) as {
          password?: unknown;
          newPassword?: unknown;
          email?: unknown;
          name?: unknown;
        };
        const candidate = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
        if (typeof candidate !== "string") return;
        // Our own actions checked the password against the account's details already; this
        // knows only what the request carries.
        const problem = await passwordProblem(candidate, {
          email: typeof body.email === "string" ? body.email : null,
          name: typeof body.name === "string" ? body.name : null,
        });
        if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
      }),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session, ctx) {
            const twoFactorVerified = secondFactorPaths.has(ctx?.path ?? "");
            const [owner] = await db
              .select({ role: schema.user.role })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            const policy = sessionPolicy[owner?.role ?? "employer"];
            const now = Date.now();
            const expiresAt = new Date(
              now +
                Math.min(policy.idleSeconds ?? Number.POSITIVE_INFINITY, policy.absoluteSeconds) *
                  1000,
            );
            return { data: { ...session, twoFactorVerified, expiresAt } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The prefix a browser enforces Secure, Path=/ and no Domain for (RFC 6265bis). */
const HOST_COOKIE_PREFIX = "__Host-";

/** Every cookie better-auth and its two-factor plugin set: all of them get the __Host- prefix. */
const authCookieNames = [
  "session_token",
  "session_data",
  "account_data",
  "dont_remember",
  "two_factor",
  "trust_device",
];

/**
 * Headers for `auth.api.*` calls: the browser's cookie and user agent, and the client address
 * Express derived (socket, or X-Forwarded-For only behind TRUST_PROXY). Nothing else is passed on.
 */
export function authHeaders(request: Request, ip: string | null): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent.slice(0, 512));
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}
