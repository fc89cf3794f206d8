import { Building2Icon, CheckIcon } from "lucide-react";
import { Form } from "react-router";
import type { HeaderOrganisation } from "~/components/site-header.tsx";
import { focusRing } from "~/components/ui/focus-ring";
import { switchOrganisationPath } from "~/lib/active-organisation.ts";
import { cn } from "~/lib/cn";
import { OrganisationField } from "./organisation-field.tsx";

/**
 * The organisations of an employer in several, as real forms (one button each), so the choice
 * works without JavaScript: the mobile menu's switcher. The active one is marked, not a button.
 */
export function OrganisationSwitchForms({ organisation }: { organisation: HeaderOrganisation }) {
  return (
    <section aria-labelledby="organisation-switcher-title" className="mt-6">
      <h3
        id="organisation-switcher-title"
        className="px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
      >
        Organisations
      </h3>
      <ul className="mt-2 flex flex-col gap-1">
        {organisation.memberships.map((choice) => {
          const active = choice.id === organisation.id;
          const label = (
            <>
              {active ? (
                <CheckIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
              ) : (
                <Building2Icon
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground"
                />
              )}
              <span className="flex min-w-0 flex-col text-left">
                <span className="truncate font-medium">{choice.name}</span>
                <span className="text-muted-foreground text-xs">
                  {choice.roleLabel}
                  {active ? " · current" : ""}
                </span>
              </span>
            </>
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
