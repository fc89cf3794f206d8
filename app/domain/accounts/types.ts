import type { Config } from "~/config.server.ts";
import type { Database } from "~/db/client.server.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { Auth } from "~/services/auth/auth.server.ts";
import type { SessionCache } from "~/services/auth/session-cache.server.ts";
import type { Logger } from "~/services/logger.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import type { CachedSession } from "./load-session.server.ts";

/** What the account functions need from the runtime; the Runtime itself fits. */
export interface AccountsDeps {
  config: Config;
  database: { db: Database };
  auth: Auth;
  /** Session lookups of this process, dropped on every announced change (loadSession). */
  sessionCache: SessionCache<CachedSession>;
  mailer: Mailer;
  logger: Logger;
  /** For the scopes an account function builds once it knows who is acting (§3b). */
  adapters: Adapters;
}

/** The HTTP request an account function acts for: its headers for better-auth, and audit facts. */
export interface RequestMeta {
  /** Built by authHeaders(): cookie, user agent, the client address Express derived. */
  headers: Headers;
  ip: string | null;
  requestId: string;
}

/** A sign-in that is complete: the session's cookies, and the role that decides where it lands. */
export type SignedIn = {
  status: "signed-in";
  role: "employer" | "doctor" | "admin";
  setCookies: string[];
};
