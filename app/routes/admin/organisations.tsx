import { Link } from "react-router";
import {
  AdminFilterForm,
  AdminListPage,
  AdminResults,
  adminMeta,
  FilterField,
} from "~/components/admin/list-page.tsx";
import { adminDate } from "~/components/admin/pagination.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { listOrganisations } from "~/domain/admin/organisations.server.ts";
import { organisationFilterSchema } from "~/domain/admin/organisations.ts";
import type { Route } from "./+types/organisations";
import { adminList } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Organisations");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope, filter } = adminList(context, request, organisationFilterSchema);
  return { page: await listOrganisations(scope, filter), search: filter.q };
}

export default function AdminOrganisations({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  return (
    <AdminListPage
      title="Organisations"
      description="Employer organisations, their members, membership and credits."
    >
      <AdminFilterForm
        id="organisation-filters"
        schema={organisationFilterSchema}
        className="flex flex-wrap items-end gap-3"
      >
        <FilterField id="q" label="Search by name">
          <Input id="q" name="q" defaultValue={search} fieldWidth="w-72" />
        </FilterField>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </AdminFilterForm>
      <AdminResults
        page={page}
        noun="organisations"
        empty={
          search ? "No organisation matches this search." : "No organisations have registered yet."
        }
      >
        <DataTable columns={["Organisation", "Members", "Membership", "Credits", "Registered"]}>
          {page.rows.map((org) => (
            <TableRow key={org.id}>
              <TableCell label="Organisation">
                <Link
                  to={`/admin/organisations/${org.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {org.name}
                </Link>
                {org.industry ? (
                  <span className="block text-muted-foreground text-sm">{org.industry}</span>
                ) : null}
              </TableCell>
              <TableCell label="Members">{org.members}</TableCell>
              <TableCell label="Membership">
                {org.membershipStatus ? (
                  <Badge variant="outline">{org.membershipStatus.replace("_", " ")}</Badge>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
              <TableCell label="Credits">{org.credits}</TableCell>
              <TableCell label="Registered">{adminDate.format(new Date(org.createdAt))}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </AdminResults>
    </AdminListPage>
  );
}
