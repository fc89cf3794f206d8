import { useRouteLoaderData } from "react-router";
import { organisationField } from "~/lib/active-organisation.ts";

/** The part of a signed-in layout's data this field reads (`signedInShell`). */
interface ShellData {
  account: { organisation?: { id: string } };
}

/**
 * The organisation the page was rendered for, as a hidden field of an employer form: the employer
 * area refuses a POST whose organisation is no longer the active one (a tab left open across a
 * switch in another tab; docs/architecture.md §4). It is in the markup, so it is posted with or
 * without JavaScript. The account area's company details carry it too; anyone without an
 * organisation gets nothing.
 */
export function OrganisationField() {
  const employer = useRouteLoaderData<ShellData>("routes/employer/layout");
  const account = useRouteLoaderData<ShellData>("routes/account/layout");
  const id = (employer ?? account)?.account.organisation?.id;
  return id ? <input type="hidden" name={organisationField} value={id} /> : null;
}
