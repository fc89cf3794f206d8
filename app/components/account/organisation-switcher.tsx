import { ArrowLeftRightIcon, Building2Icon, CheckIcon } from "lucide-react";
import { useId } from "react";
import { Form, useRouteLoaderData } from "react-router";
import type { HeaderOrganisation } from "~/components/site-header.tsx";
import { focusRing } from "~/components/ui/focus-ring";
import { switchOrganisationPath } from "~/lib/active-organisation.ts";
import { cn } from "~/lib/cn";
import { OrganisationField } from "./organisation-field.tsx";

/**
 * The organisations of an employer in several, as real forms (one button each), so the choice
 * works without JavaScript: the mobile menu's switcher. The active one is marked, not a button.
 */
export function OrganisationSwitchForms({
  organisation,
  className = "mt-6",
  heading = true,
}: {
  organisation: HeaderOrganisation;
  className?: string;
  /** A heading of its own; off where something else names the list (the dashboard's summary). */
  heading?: boolean;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={heading ? titleId : undefined}
      aria-label={heading ? undefined : "Organisations"}
      className={className}
    >
      {heading ? (
        <h3
          id={titleId}
          className="px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
        >
          Organisations
        </h3>
      ) : null}
      <ul className={cn("flex flex-col gap-1", heading && "mt-2")}>
        {organisation.memberships.map((choice) => {
          const active = choice.id === organisation.id;
          const label = (
            <OrganisationChoice
              choice={choice}
              active={active}
              iconClassName="size-4 shrink-0"
              className="text-left"
            />
          );
          return (
            <li key={choice.id}>
              {active ? (
                <p
                  aria-current="true"
                  className="flex items-center gap-3 rounded-md bg-muted px-3 py-2"
                  data-testid="organisation-choice"
                >
                  {label}
                </p>
              ) : (
                <Form method="post" action={switchOrganisationPath}>
                  <OrganisationField />
                  <input type="hidden" name="organisationId" value={choice.id} />
                  <button
                    type="submit"
                    data-testid="organisation-choice"
                    className={cn(
                      "flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 hover:bg-muted",
                      focusRing,
                    )}
                  >
                    {label}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The switcher on the employer's dashboard, for someone in several organisations: a disclosure
 * (`<details>`) that opens without JavaScript, where the header's menus need it.
 */
export function OrganisationSwitchDisclosure() {
  const layout = useRouteLoaderData<{ account: { organisation?: HeaderOrganisation } }>(
    "routes/employer/layout",
  );
  const organisation = layout?.account.organisation;
  if (!organisation || organisation.memberships.length < 2) return null;
  return (
    <details className="group mt-2 max-w-sm">
      <summary
        className={cn(
          "inline-flex cursor-pointer items-center gap-1.5 rounded-md font-medium text-primary text-sm underline-offset-4 hover:underline",
          focusRing,
        )}
      >
        <ArrowLeftRightIcon aria-hidden="true" className="size-4" />
        Switch organisation
      </summary>
      <OrganisationSwitchForms
        organisation={organisation}
        heading={false}
        className="mt-2 rounded-lg border bg-card p-2"
      />
    </details>
  );
}

/** One organisation of the switcher: its name and the person's role there, the active one ticked. */
function OrganisationChoice({
  choice,
  active,
  iconClassName,
  className,
}: {
  choice: { name: string; roleLabel: string };
  active: boolean;
  iconClassName?: string;
  className?: string;
}) {
  return (
    <>
      {active ? (
        <CheckIcon aria-hidden="true" className={cn(iconClassName, "text-primary")} />
      ) : (
        <Building2Icon aria-hidden="true" className={cn(iconClassName, "text-muted-foreground")} />
      )}
      <span className={cn("flex min-w-0 flex-col", className)}>
        <span className="truncate font-medium">{choice.name}</span>
        <span className="text-muted-foreground text-xs">
          {choice.roleLabel}
          {active ? " · current" : ""}
        </span>
      </span>
    </>
  );
}
