import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.ts";

/**
 * Every rate limit of the product, one row per limited thing (an address on a form, an account
 * key at sign-in), counted in fixed windows by the named limits of
 * app/domain/kernel/rate-limit.server.ts. In the database, not in memory, so every app process
 * sees the same count (docs/architecture.md §1). Keys never hold an e-mail address: accounts are
 * keyed by a hash of it.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    /** `<limit name>:<subject>`, e.g. `enquiry:198.51.100.7`. */
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    windowEndsAt: instant("window_ends_at").notNull(),
    /** Set by limits with a lockout: refused until then, whatever the window says. */
    lockedUntil: instant("locked_until"),
  },
  (t) => [index("rate_limit_window_ends_at_idx").on(t.windowEndsAt)],
);
