import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { memberRoles, organisationIdColumn, userIdColumn } from "./auth.ts";
import { createdAt, instant, primaryId } from "./columns.ts";
import { referralIdColumn } from "./referrals.ts";

/**
 * The managers a referral names beside the one who made it: they see the case and its released
 * report, and receive its e-mails (docs/architecture.md §4).
 */
export const referralManager = pgTable(
  "referral_manager",
  {
    referralId: referralIdColumn(),
    userId: userIdColumn(),
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
    lastSentAt: instant("last_sent_at").notNull().defaultNow(),
    sendCount: integer("send_count").notNull().default(1),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: instant("revoked_at"),
    revokedBy: text("revoked_by"),
  },
  (t) => [
    uniqueIndex("team_invitation_pending_idx")
      .on(t.organisationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
