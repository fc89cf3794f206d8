import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { UserMinusIcon, UserPlusIcon, UsersIcon } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { FormErrorMessage, FormField } from "~/components/ui/form-field";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { toast } from "~/components/ui/toaster";
import {
  nameReferralManagerSchema,
  type ReferralPeople,
  type ReferralPerson,
  reassignReferralSchema,
} from "~/domain/referrals/referral-people.ts";

/** What the people route answers when it refuses; success is a redirect back to the drawer. */
type PeopleRefusal = { ok: false; result: SubmissionResult<string[]> };

function peopleAction(people: ReferralPeople) {
  return `/employer-referrals/${people.referralId}/people`;
}

/** The refusal's words as a toast, once per answer. */
function useRefusalToast(fetcher: { state: string; data?: PeopleRefusal }, title: string) {
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return;
    const message =
      fetcher.data.result.error?.[""]?.[0] ??
      Object.values(fetcher.data.result.error ?? {})[0]?.[0];
    toast.error(title, { description: message ?? "Please try again." });
  }, [fetcher.state, fetcher.data, title]);
}

function personLine(person: ReferralPerson, viewerId: string) {
  return person.userId === viewerId ? `${person.name} (you)` : person.name;
}

/** The team members a form can choose between, each with their role. */
/**
 * The choice of a member of the team for the referral, in its form's field: each member named as
 * in the section's list, with their role; the viewer as "you".
 */
function PersonSelect({
  field,
  label,
  hint,
  people,
  viewerId,
  ...select
}: {
  field: { id: string; name: string; errors?: string[] };
  label: string;
  hint: string;
  people: ReferralPerson[];
  viewerId: string;
} & Pick<ComponentProps<typeof NativeSelect>, "defaultValue" | "value" | "onChange">) {
  return (
    <FormField id={field.id} label={label} hint={hint} error={field.errors} className="flex-1">
      <NativeSelect name={field.name} {...select}>
        {people.map((person) => (
          <NativeSelectOption key={person.userId} value={person.userId}>
            {personLine(person, viewerId)} ({person.roleLabel})
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * "People on this referral" (docs/architecture.md §4): who it belongs to, who made it, the
 * managers it names, and the forms to name, remove and reassign, as far as the caller's role
 * allows. A team of one sees how to invite colleagues instead.
 */
export function ReferralPeopleSection({
  people,
  headingLevel = 3,
}: {
  people: ReferralPeople;
  /** 3 under the drawer's title, 2 on the referral's own page. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className="space-y-3 rounded-lg border p-4"
      aria-labelledby="referral-people-heading"
      data-testid="referral-people"
    >
      <Heading
        id="referral-people-heading"
        className="flex items-center gap-2 font-semibold text-base"
      >
        <UsersIcon aria-hidden="true" className="size-4" />
        People on this referral
      </Heading>
      <ul className="divide-y rounded-md border" aria-label="People on this referral">
        <PersonRow
          person={people.owner}
          viewerId={people.viewerId}
          badges={people.maker ? ["Owner"] : ["Owner", "Made this referral"]}
        />
        {people.maker ? (
          <PersonRow
            person={people.maker}
            viewerId={people.viewerId}
            badges={["Made this referral"]}
          />
        ) : null}
        {people.named.map((person) => (
          <PersonRow
            key={person.userId}
            person={person}
            viewerId={people.viewerId}
            badges={["Named manager"]}
          >
            {people.canName ? <RemoveManagerButton people={people} person={person} /> : null}
          </PersonRow>
        ))}
      </ul>
      {people.teamSize <= 1 ? (
        <p className="text-muted-foreground text-sm" data-testid="referral-people-empty">
          You are the only member of your organisation's team so far.{" "}
          <Link to="/employer-team" className="font-medium text-foreground underline">
            Invite colleagues from the Team page
          </Link>{" "}
          to share referrals with them.
        </p>
      ) : (
        <>
          {people.canName ? <NameManagerForm people={people} /> : null}
          {people.canReassign ? <ReassignForm people={people} /> : null}
        </>
      )}
    </section>
  );
}

function PersonRow({
  person,
  viewerId,
  badges,
  children,
}: {
  person: ReferralPerson;
  viewerId: string;
  badges: string[];
  children?: React.ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{personLine(person, viewerId)}</p>
        <p className="text-muted-foreground text-sm">
          {person.email ? <span className="break-all">{person.email} · </span> : null}
          <span className="whitespace-nowrap">{person.roleLabel}</span>
        </p>
        <div className="flex flex-wrap gap-1.5">
          {badges.map((badge) => (
            <Badge key={badge} variant="outline">
              {badge}
            </Badge>
          ))}
        </div>
      </div>
      {children}
    </li>
  );
}

/** What removing a named manager takes away, in words for the one deciding. */
function whatRemovingTakes(person: ReferralPerson, viewerId: string): string {
  if (person.userId === viewerId)
    return "You will no longer see this referral or its report unless someone adds you again, and you will stop receiving its e-mails.";
  if (person.role === "manager")
    return `${person.name} will no longer see this referral or its report, and will stop receiving its e-mails.`;
  return `${person.name} will stop receiving this referral's e-mails. As ${person.roleLabel.toLowerCase()} they still see every referral.`;
}

function RemoveManagerButton({
  people,
  person,
}: {
  people: ReferralPeople;
  person: ReferralPerson;
}) {
  const fetcher = useFetcher<PeopleRefusal>();
  useRefusalToast(fetcher, "Manager not removed");
  const busy = fetcher.state !== "idle";
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`Remove ${person.name} from ${people.reference}`}
        >
          <UserMinusIcon aria-hidden="true" />
          Remove
        </Button>
      }
      title={
        <>
          Remove {person.userId === people.viewerId ? "yourself" : person.name} from{" "}
          {people.reference}?
        </>
      }
      description={whatRemovingTakes(person, people.viewerId)}
      cancelLabel={`Keep ${person.userId === people.viewerId ? "me" : "them"}`}
    >
      <fetcher.Form method="post" action={peopleAction(people)}>
        <OrganisationField />
        <input type="hidden" name="intent" value="remove-manager" />
        <input type="hidden" name="userId" value={person.userId} />
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Removing..." : "Remove"}
        </Button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}

function NameManagerForm({ people }: { people: ReferralPeople }) {
  const fetcher = useFetcher<PeopleRefusal>();
  useRefusalToast(fetcher, "Manager not added");
  const [form, fields] = useSchemaForm({
    id: `name-manager-${people.referralId}`,
    schema: nameReferralManagerSchema,
    lastResult: fetcher.data?.result,
  });
  const busy = fetcher.state !== "idle";
  if (people.candidates.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        Everyone in your organisation's team is already on this referral.
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action={peopleAction(people)}
      {...getFormProps(form)}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <OrganisationField />
      <input type="hidden" name="intent" value="name-manager" />
      <PersonSelect
        field={fields.userId}
        label="Add a manager"
        hint="They will see this referral and its released report, and receive its e-mails."
        people={people.candidates}
        viewerId={people.viewerId}
        defaultValue={people.candidates[0]?.userId}
      />
      <Button type="submit" variant="outline" disabled={busy} className="sm:mb-0">
        <UserPlusIcon aria-hidden="true" />
        {busy ? "Adding..." : "Add"}
      </Button>
      {form.errors ? <FormErrorMessage id={form.errorId}>{form.errors[0]}</FormErrorMessage> : null}
    </fetcher.Form>
  );
}

/** What reassigning does to the present owner, said before it happens. */
function whatReassigningTakes(people: ReferralPeople): string {
  const owner = people.owner;
  if (owner.role === "manager")
    return `${owner.name} is a manager: once it is reassigned they will no longer see this referral unless you then add them as a manager.`;
  return `${owner.name} will stop receiving this referral's e-mails.`;
}

function ReassignForm({ people }: { people: ReferralPeople }) {
  const fetcher = useFetcher<PeopleRefusal>();
  useRefusalToast(fetcher, "Referral not reassigned");
  const [form, fields] = useSchemaForm({
    id: `reassign-${people.referralId}`,
    schema: reassignReferralSchema,
    lastResult: fetcher.data?.result,
  });
  const [chosen, setChosen] = useState(people.reassignTargets[0]?.userId ?? "");
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const chosenPerson = people.reassignTargets.find((p) => p.userId === chosen);
  if (people.reassignTargets.length === 0) return null;
  return (
    <fetcher.Form
      method="post"
      action={peopleAction(people)}
      {...getFormProps(form)}
      // The confirmation's button submits this form; the dialog closes as it goes.
      onSubmit={() => setConfirming(false)}
      className="space-y-3 border-t pt-3"
    >
      <OrganisationField />
      <input type="hidden" name="intent" value="reassign" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <PersonSelect
          field={fields.toUserId}
          label="Reassign to"
          hint="The referral will belong to them: they see it and receive its e-mails."
          people={people.reassignTargets}
          viewerId={people.viewerId}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button type="button" variant="outline" disabled={busy}>
              {busy ? "Reassigning..." : "Reassign"}
            </Button>
          }
          title={`Reassign ${people.reference} to ${chosenPerson?.name ?? "this member"}?`}
          description={whatReassigningTakes(people)}
          cancelLabel={`Keep ${people.owner.name}`}
        >
          <Button type="submit" form={form.id}>
            Reassign
          </Button>
        </ConfirmDialog>
      </div>
      <p className="text-muted-foreground text-sm">{whatReassigningTakes(people)}</p>
      {form.errors ? <FormErrorMessage id={form.errorId}>{form.errors[0]}</FormErrorMessage> : null}
    </fetcher.Form>
  );
}
