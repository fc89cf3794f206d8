import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { memberRoles, organisationIdColumn, user } from "./auth.ts";
import { createdAt, primaryId } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";

/**
 * The managers a referral names beside the one who made it: they see the case and its released
 * report, and receive its e-mails (docs/architecture.md §4).
 */
export const referralManager = pgTable(
  "referral_manager",
  {
    referralId: referralIdColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    organisationId: organisationIdColumn(),
    addedBy: text("added_by"),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.userId] }),
    index("referral_manager_user_idx").on(t.userId, t.organisationId),
  ],
);

/**
 * An invitation to join an employer's team with a role (docs/architecture.md §4). Only the
 * SHA-256 of the link's token is stored; the link works once, for 7 days from its last sending,
 * and not after it is revoked. At most one invitation per address is pending in an organisation.
 */
export const teamInvitation = pgTable(
  "team_invitation",
  {
    id: primaryId(),
    organisationId: organisationIdColumn(),
    /** Normalised (trimmed, lower case), as accounts are. */
    email: text("email").notNull(),
    role: text("role", { enum: memberRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer("send_count").notNull().default(1),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    uniqueIndex("team_invitation_pending_idx")
      .on(t.organisationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
