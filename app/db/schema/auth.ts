import { relations, sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt } from "./columns.ts";

/*
 * better-auth's tables (user, session, account, verification, two_factor), written by hand from
 * its documented fields, plus the columns we add: the platform role, first/last name, whether a
 * session passed a second factor, and the last TOTP time step used (codes work once).
 * Then our own: organisation, member, doctor_profile, and the throttle table for auth attempts.
 */

export const platformRoles = ["employer", "doctor", "admin"] as const;
export type PlatformRole = (typeof platformRoles)[number];

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  role: text("role", { enum: platformRoles }).notNull().default("employer"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
});

/** The account a row belongs to; deleting the user deletes the row with it. */
export function userIdColumn() {
  return text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
}

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: instant("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: userIdColumn(),
    /** True only when this session was created by a TOTP or backup-code check. */
    twoFactorVerified: boolean("two_factor_verified").notNull().default(false),
    /**
     * The organisation an employer who belongs to several acts for (the account menu's switcher).
     * Read only together with a membership, so a removed member's choice grants nothing.
     */
    activeOrganisationId: text("active_organisation_id"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userIdColumn(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: instant("access_token_expires_at"),
    refreshTokenExpiresAt: instant("refresh_token_expires_at"),
    scope: text("scope"),
    /** scrypt hash written by better-auth; never the password. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

/*
 * The joins better-auth makes (advanced.database.joins): a session with its user in one query on
 * every signed-in request instead of two, and a user with their accounts at sign-in.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

/** Reset-password tokens and other one-time values; identifiers are stored hashed. */
export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    /** Encrypted with the auth secret by better-auth. */
    secret: text("secret").notNull(),
    /** Encrypted list of the unused backup codes. */
    backupCodes: text("backup_codes").notNull(),
    userId: userIdColumn(),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: instant("locked_until"),
    /** The highest RFC 6238 time step accepted so far: a code works once. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("two_factor_user_idx").on(t.userId),
    index("two_factor_secret_idx").on(t.secret),
  ],
);

/** An employer company (docs/architecture.md §4). */
export const organisation = pgTable("organisation", {
  id: text("id").primaryKey().default(sql`gen_random_uuid()::text`),
  name: text("name").notNull(),
  industry: text("industry"),
  phone: text("phone"),
  address: text("address"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A member's role in their organisation (docs/architecture.md §4): what each may do is the
 * permission table in `app/domain/kernel/team-permissions.ts`.
 */
export const memberRoles = ["owner", "hr_admin", "manager"] as const;
export type MemberRole = (typeof memberRoles)[number];

export const member = pgTable(
  "member",
  {
    id: text("id").primaryKey().default(sql`gen_random_uuid()::text`),
    organisationId: text("organisation_id")
      .notNull()
      .references(() => organisation.id, { onDelete: "cascade" }),
    userId: userIdColumn(),
    role: text("role", { enum: memberRoles }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_organisation_user_idx").on(t.organisationId, t.userId),
    index("member_user_idx").on(t.userId),
  ],
);

/** A doctor's professional record; `active` is the access an administrator grants or revokes. */
export const doctorProfile = pgTable("doctor_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  gmcNumber: text("gmc_number").notNull().unique(),
  /**
   * Degrees and memberships as the doctor signs them, e.g. "MB ChB, MFOM": printed beside the GMC
   * number in every report's signature block (accountQualifications in accounts/schemas.ts).
   */
  qualifications: text("qualifications"),
  specialty: text("specialty"),
  active: boolean("active").notNull().default(true),
  invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The employer organisation a row belongs to (docs/architecture.md §4: every tenant row has one). */
export function organisationIdColumn() {
  return text("organisation_id")
    .notNull()
    .references(() => organisation.id);
}
