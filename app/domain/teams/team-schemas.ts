import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { memberRoles } from "~/db/schema/auth.ts";
import {
  mismatchOnConfirmation,
  newPassword,
  passwordConfirmed,
} from "~/domain/accounts/new-password.ts";

/*
 * The team page's forms and the invitation page's, one schema each, read with Conform on both
 * sides (docs/architecture.md §3, "Forms").
 */

const trimmed = z.string().trim();
const role = z.enum(memberRoles, "Choose a role");

/** Owners and HR administrators invite by address, with a role. */
export const inviteMemberSchema = z.object({
  intent: z.literal("invite"),
  email: trimmed
    .min(1, "Email is required")
    .max(254, "Email address is too long")
    .pipe(z.email("Invalid email address")),
  role,
});

/** Resend or revoke one pending invitation (buttons on its row). */
const invitationActionSchema = z.object({
  intent: z.enum(["resend", "revoke"]),
  invitationId: z.uuid(),
  confirm: z.literal("yes").optional(),
});

/** Change a member's role. */
export const changeRoleSchema = z.object({
  intent: z.literal("change-role"),
  memberId: z.uuid(),
  role,
});

/**
 * Remove a member. Their referrals stay with the organisation; `reassignTo` gives the ones they
 * own to another member in the same step (docs/architecture.md §4).
 */
export const removeMemberSchema = z.object({
  intent: z.literal("remove"),
  memberId: z.uuid(),
  reassignTo: z.string().max(200).optional(),
  confirm: z.literal("yes").optional(),
});

export const teamActionSchema = z.discriminatedUnion("intent", [
  inviteMemberSchema,
  invitationActionSchema,
  changeRoleSchema,
  removeMemberSchema,
  z.object({ intent: z.literal("leave"), confirm: z.literal("yes").optional() }),
]);

/** The signed-in invitee accepts (one button). */
export const acceptInvitationSchema = z.object({ intent: z.literal("accept") });

/** Someone new joins with the invitation: their name and a password. */
export const joinWithNewAccountSchema = z
  .object({
    intent: z.literal("create-account"),
    name: trimmed.min(1, "Your name is required").max(200, "Name is too long"),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordConfirmed, mismatchOnConfirmation);
