import { Form, Link } from "react-router";
import { AdminPageHeader, adminDate, Pagination } from "~/components/admin/pagination.tsx";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/ui/table";
import { parsePage } from "~/domain/admin/guard.ts";
import { listOrganisations } from "~/domain/admin/organisations.server.ts";
import type { Route } from "./+types/organisations";
import { adminRequest } from "./admin-request.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Organisations | ReferOH administration" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, actor } = adminRequest(context);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, 100);
  const page = await listOrganisations(db, { actor, search, page: parsePage(params.get("page")) });
  return { page, search };
}

export default function AdminOrganisations({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <AdminPageHeader
        title="Organisations"
        description="Employer organisations, their members, membership and credits."
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <Label htmlFor="q">Search by name</Label>
          <Input id="q" name="q" defaultValue={search} fieldWidth="w-72" />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {page.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
          {search
            ? "No organisation matches this search."
            : "No organisations have registered yet."}
        </p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Organisation</TableHead>
              <TableHead>Members</TableHead>
              <TableHead>Membership</TableHead>
              <TableHead>Credits</TableHead>
              <TableHead>Registered</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
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
                <TableCell label="Registered">
                  {adminDate.format(new Date(org.createdAt))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        noun="organisations"
      />
    </div>
  );
}
