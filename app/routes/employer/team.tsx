import type { SubmissionResult } from "@conform-to/react";
import { LogOutIcon, MailIcon, UserPlusIcon, UsersIcon } from "lucide-react";
import { useEffect } from "react";
import { data, redirect } from "react-router";
import {
  ConfirmButtons,
  ConfirmPanel,
  IntentForm,
  OneButtonForm,
  useSubmittingIntent,
} from "~/components/forms/intent-form.tsx";
import { TextField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { SectionCard, SettingsPageHeader } from "~/components/section-card.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import {
  NativeSelect,
  NativeSelectOption,
  NativeSelectOptions,
} from "~/components/ui/native-select";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toaster";
import { runtimeContext } from "~/context.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import { signOut } from "~/domain/accounts/sign-out.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import {
  memberRoleLabel,
  memberRoleWithArticle,
  teamCan,
} from "~/domain/kernel/team-permissions.ts";
import {
  inviteTeamMember,
  resendTeamInvitation,
  revokeTeamInvitation,
} from "~/domain/teams/invitations.server.ts";
import {
  changeMemberRole,
  getTeam,
  leaveOrganisation,
  removeMember,
} from "~/domain/teams/team.server.ts";
import {
  changeRoleSchema,
  inviteMemberSchema,
  removeMemberSchema,
  teamActionSchema,
} from "~/domain/teams/team-schemas.ts";
import { formatShortDate } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { redirectWithCookies, withNotice } from "~/middleware/responses.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { lookupSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => privatePageMeta("Team");

/**
 * The team page (docs/architecture.md §4): owners and HR administrators see the members, the
 * pending invitations and what they may change; a manager sees their own place and can leave.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = requireEmployer(currentScope(context));
  const { organisationName, memberRole } = scope.actor;
  const team = teamCan(memberRole, "team:view") ? await getTeam(scope) : null;
  return {
    organisationName,
    yourRole: memberRole,
    team: team && {
      ...team,
      members: team.members.map((m) => ({
        ...m,
        joinedAt: formatShortDate(m.joinedAt),
        lastSignInAt: m.lastSignInAt ? formatShortDate(m.lastSignInAt) : null,
      })),
      invitations: team.invitations.map((i) => ({
        ...i,
        lastSentAt: formatShortDate(i.lastSentAt),
        expiresAt: formatShortDate(i.expiresAt),
        expired: i.expiresAt <= new Date(),
      })),
    },
  };
}

type ActionResult =
  | { intent: "invite"; ok: boolean; result: SubmissionResult<string[]>; message?: string }
  | { intent: "confirm"; ok: false; what: "remove" | "revoke" | "leave"; id: string }
  | { intent: string; ok: true; message: string }
  | { intent: string; ok: false; message: string };

/**
 * A withdrawal, a removal or leaving is done only once confirmed: without `confirm=yes` the page
 * is told to ask first, naming what and whom.
 */
const askToConfirm = (what: "remove" | "revoke" | "leave", id: string) =>
  data<ActionResult>({ intent: "confirm", ok: false, what, id });

export async function action({ request, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const submission = parseSubmission(form, teamActionSchema);
  if (submission.status !== "success") {
    const invite = parseSubmission(form, inviteMemberSchema);
    return data<ActionResult>(
      { intent: "invite", ok: false, result: invite.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "invite": {
        const sent = await inviteTeamMember(scope, input);
        if (sent.status === "already-member")
          return data<ActionResult>(
            {
              intent: "invite",
              ok: false,
              result: submission.reply({
                fieldErrors: { email: ["This person is already on your team"] },
              }),
            },
            { status: 400 },
          );
        return data<ActionResult>({
          intent: "invite",
          ok: true,
          result: submission.reply({ resetForm: true }),
          message: `Invitation sent to ${input.email.trim().toLowerCase()}`,
        });
      }
      case "resend":
        await resendTeamInvitation(scope, input.invitationId);
        return data<ActionResult>({ intent: "resend", ok: true, message: "Invitation sent again" });
      case "revoke":
        if (input.confirm !== "yes") return askToConfirm("revoke", input.invitationId);
        await revokeTeamInvitation(scope, input.invitationId);
        return data<ActionResult>({ intent: "revoke", ok: true, message: "Invitation withdrawn" });
      case "change-role":
        await changeMemberRole(scope, input);
        return data<ActionResult>({
          intent: "change-role",
          ok: true,
          message: `Role changed: ${memberRoleLabel[input.role]}`,
        });
      case "remove": {
        if (input.confirm !== "yes") return askToConfirm("remove", input.memberId);
        const removed = await removeMember(scope, {
          memberId: input.memberId,
          reassignTo: input.reassignTo || null,
        });
        const moved = removed.referralsReassigned;
        return data<ActionResult>({
          intent: "remove",
          ok: true,
          message:
            moved > 0
              ? `Removed from the team; ${moved} ${moved === 1 ? "referral" : "referrals"} handed on`
              : "Removed from the team",
        });
      }
      case "leave": {
        if (input.confirm !== "yes") return askToConfirm("leave", "you");
        const { remaining } = await leaveOrganisation(scope);
        if (remaining > 0) throw redirect(withNotice("/employer-dashboard", "left-organisation"));
        // No organisation left to act for: the session has nothing to show, so it ends here.
        const lookup = await lookupSession(context, request);
        const setCookies = await signOut(runtime, {
          actor: lookup.status === "active" ? lookup.current.actor : null,
          request: requestMeta(context, request),
        });
        return redirectWithCookies(withNotice("/login", "left-organisation"), setCookies);
      }
    }
  } catch (error) {
    return refusalResponse(
      error,
      (refusal): ActionResult => ({ intent: input.intent, ok: false, message: refusal.message }),
      { notFound: "inline" },
    );
  }
}

const roleHints: Record<MemberRole, string> = {
  owner: "Everything, including billing and the team",
  hr_admin: "Every referral and report, billing, and inviting managers",
  manager: "Only the referrals they make or are named on, and those reports",
};

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { team, organisationName, yourRole } = loaderData;
  useEffect(() => {
    if (!actionData || actionData.intent === "confirm") return;
    if ("message" in actionData && actionData.message) {
      if (actionData.ok) toast(actionData.message);
      else toast.error(actionData.message);
    }
  }, [actionData]);
  const confirming = actionData && "what" in actionData ? actionData : null;
  const refusal =
    actionData && !actionData.ok && actionData.intent !== "confirm" && "message" in actionData
      ? actionData.message
      : null;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <SettingsPageHeader organisationName={organisationName} title="Team" refusal={refusal}>
        {team
          ? "The people in your organisation who use ReferOH, what each may see and do, and the invitations waiting for an answer."
          : `You are ${memberRoleWithArticle[yourRole]} at ${organisationName}: you see the referrals you make or are named on, and their reports.`}
      </SettingsPageHeader>

      {team && team.invitableRoles.length > 0 ? (
        <InviteCard
          roles={team.invitableRoles}
          lastResult={
            actionData?.intent === "invite" && "result" in actionData ? actionData.result : null
          }
        />
      ) : null}

      {team ? (
        <SectionCard
          icon={UsersIcon}
          title={<>Members ({team.members.length})</>}
          description={
            <>
              Removing someone ends their access at once. Their referrals stay with{" "}
              {organisationName}.
            </>
          }
        >
          <DataTable
            aria-label="Members"
            columns={[
              "Name",
              "Role",
              "Last sign-in",
              "Referrals owned",
              <span key="actions" className="sr-only">
                Actions
              </span>,
            ]}
          >
            {team.members.map((m) => {
              const mayRemove = !m.isYou && (team.canChangeRoles || m.role === "manager");
              return (
                <TableRow key={m.memberId}>
                  <TableCell label="Name">
                    <p className="font-medium">
                      {m.name}{" "}
                      {m.isYou ? (
                        <Badge variant="outline" className="ml-1">
                          You
                        </Badge>
                      ) : null}
                    </p>
                    <p className="break-all text-muted-foreground text-sm">{m.email}</p>
                    <p className="text-muted-foreground text-xs">Joined {m.joinedAt}</p>
                  </TableCell>
                  <TableCell label="Role">
                    {team.canChangeRoles ? (
                      <RoleForm memberId={m.memberId} role={m.role} name={m.name} />
                    ) : (
                      memberRoleLabel[m.role]
                    )}
                  </TableCell>
                  <TableCell label="Last sign-in">{m.lastSignInAt ?? "Never"}</TableCell>
                  <TableCell label="Referrals owned">{m.referralsOwned}</TableCell>
                  {/* On a phone the row is a card: no "Actions" line for a row with none. */}
                  <TableCell label={mayRemove ? "Actions" : undefined}>
                    {confirming?.what === "remove" && confirming.id === m.memberId ? (
                      <RemoveConfirmation
                        member={m}
                        heirs={team.members.filter((h) => h.memberId !== m.memberId)}
                      />
                    ) : mayRemove ? (
                      <OneButtonForm
                        fields={{ intent: "remove", memberId: m.memberId }}
                        label={`Remove ${m.name}`}
                      >
                        Remove
                      </OneButtonForm>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </DataTable>
        </SectionCard>
      ) : null}

      {team ? (
        <SectionCard
          icon={MailIcon}
          title="Pending invitations"
          description="An invitation link works once, for 7 days from when it was last sent."
        >
          {team.invitations.length === 0 ? (
            <p className="rounded-lg border border-dashed px-6 py-8 text-center text-muted-foreground">
              No invitations are waiting for an answer.
            </p>
          ) : (
            <ul className="grid gap-3" aria-label="Pending invitations">
              {team.invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-col gap-3 rounded-lg border p-4 md:flex-row md:items-center md:justify-between"
                >
                  <div>
                    <p className="break-all font-medium">{i.email}</p>
                    <p className="text-muted-foreground text-sm">
                      {memberRoleLabel[i.role]} · sent {i.lastSentAt}
                      {i.invitedByName ? ` by ${i.invitedByName}` : ""} ·{" "}
                      {i.expired ? (
                        <span className="font-medium text-destructive">expired</span>
                      ) : (
                        `works until ${i.expiresAt}`
                      )}
                    </p>
                  </div>
                  {confirming?.what === "revoke" && confirming.id === i.id ? (
                    <ConfirmPanel
                      fields={{ intent: "revoke", invitationId: i.id, confirm: "yes" }}
                      question={`Withdraw the invitation to ${i.email}? Its link stops working at once.`}
                      yes="Yes, withdraw it"
                    />
                  ) : team.invitableRoles.includes(i.role) ? (
                    <div className="flex flex-wrap gap-2">
                      <OneButtonForm
                        fields={{ intent: "resend", invitationId: i.id }}
                        label={`Send the invitation to ${i.email} again`}
                        variant="outline"
                      >
                        Send again
                      </OneButtonForm>
                      <OneButtonForm
                        fields={{ intent: "revoke", invitationId: i.id }}
                        label={`Withdraw the invitation to ${i.email}`}
                      >
                        Withdraw
                      </OneButtonForm>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      ) : null}

      <SectionCard
        icon={LogOutIcon}
        title={<>Leave {organisationName}</>}
        description={
          <>
            You will no longer see its referrals or reports. The referrals you made stay with the
            organisation.
            {yourRole === "owner" && team && team.owners <= 1
              ? " You are its only owner: make someone else an owner first."
              : ""}
          </>
        }
      >
        {yourRole === "owner" && team && team.owners <= 1 ? null : confirming?.what === "leave" ? (
          <ConfirmPanel
            fields={{ intent: "leave", confirm: "yes" }}
            question={`Leave ${organisationName}? Only an owner or HR administrator can invite you back.`}
            yes="Yes, leave"
          />
        ) : (
          <OneButtonForm fields={{ intent: "leave" }} label={`Leave ${organisationName}`}>
            Leave organisation
          </OneButtonForm>
        )}
      </SectionCard>
    </div>
  );
}

function InviteCard({
  roles,
  lastResult,
}: {
  roles: MemberRole[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useSchemaForm({
    id: "invite-member",
    schema: inviteMemberSchema,
    lastResult,
  });
  const summary = errorSummary(fields, { email: "email", role: "role" });
  const sending = useSubmittingIntent() === "invite";
  return (
    <SectionCard
      icon={UserPlusIcon}
      title="Invite someone"
      description={
        <>
          They get an e-mail with a link to join. Someone with a ReferOH account signs in with it;
          anyone else chooses a password.
        </>
      }
    >
      <ErrorSummary errors={summary} className="mb-4" />
      <IntentForm
        form={form}
        intent="invite"
        className="grid gap-5 md:grid-cols-[1fr_16rem_auto] md:items-end"
      >
        <TextField label="Email" field={fields.email} type="email" autoComplete="off" />
        <FormField id="role" label="Role" error={fields.role.errors}>
          {(control) => (
            <NativeSelect
              {...control}
              name={fields.role.name}
              defaultValue={fields.role.initialValue || roles[roles.length - 1]}
            >
              <NativeSelectOptions values={roles} label={(r) => memberRoleLabel[r]} />
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : "Send invitation"}
        </Button>
      </IntentForm>
      <ul className="mt-4 grid gap-1 text-muted-foreground text-sm">
        {roles.map((r) => (
          <li key={r}>
            <strong className="text-foreground">{memberRoleLabel[r]}:</strong> {roleHints[r]}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

/** A member's role as a choice an owner can change on the spot. */
function RoleForm({ memberId, role, name }: { memberId: string; role: MemberRole; name: string }) {
  const [form, fields] = useSchemaForm({
    id: `role-${memberId}`,
    schema: changeRoleSchema,
    lastResult: null,
  });
  return (
    <IntentForm form={form} intent="change-role" className="flex items-center gap-2">
      <input type="hidden" name="memberId" value={memberId} />
      <NativeSelect
        name={fields.role.name}
        defaultValue={role}
        aria-label={`Role of ${name}`}
        wrapperClassName="w-44"
      >
        <NativeSelectOptions
          values={["owner", "hr_admin", "manager"] as const}
          label={(r) => memberRoleLabel[r]}
        />
      </NativeSelect>
      <Button type="submit" size="sm" variant="outline" aria-label={`Save the role of ${name}`}>
        Save
      </Button>
    </IntentForm>
  );
}

/** Removing someone, asked first: whose the referrals they own become. */
function RemoveConfirmation({
  member,
  heirs,
}: {
  member: { memberId: string; name: string; referralsOwned: number; isYou: boolean };
  heirs: { userId: string; name: string; isYou: boolean; role: MemberRole }[];
}) {
  const [form, fields] = useSchemaForm({
    id: `remove-${member.memberId}`,
    schema: removeMemberSchema,
    lastResult: null,
  });
  const you = heirs.find((h) => h.isYou);
  return (
    <IntentForm
      form={form}
      intent="remove"
      role="alert"
      className="grid gap-3 rounded-lg border border-destructive p-3"
    >
      <input type="hidden" name="memberId" value={member.memberId} />
      <input type="hidden" name="confirm" value="yes" />
      <p className="font-medium text-sm">Remove {member.name}? They lose access at once.</p>
      {member.referralsOwned > 0 ? (
        <FormField
          id={`reassign-${member.memberId}`}
          label={`Give their ${member.referralsOwned} ${member.referralsOwned === 1 ? "referral" : "referrals"} to`}
          error={fields.reassignTo.errors}
        >
          {(control) => (
            <NativeSelect
              {...control}
              name={fields.reassignTo.name}
              defaultValue={you?.userId ?? ""}
            >
              <NativeSelectOption value="">
                Nobody for now (owners and HR administrators still see them)
              </NativeSelectOption>
              {heirs.map((h) => (
                <NativeSelectOption key={h.userId} value={h.userId}>
                  {h.name}
                  {h.isYou ? " (you)" : ""} · {memberRoleLabel[h.role]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ConfirmButtons yes="Yes, remove" size="sm" />
      </div>
    </IntentForm>
  );
}
