import { AdminListPage, adminMeta } from "~/components/admin/list-page.tsx";
import { adminDate } from "~/components/admin/pagination.tsx";
import { Badge } from "~/components/ui/badge";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { listPrivilegedAccounts } from "~/domain/admin/access-review.server.ts";
import { inactiveAfterDays } from "~/domain/admin/access-review.ts";
import type { Route } from "./+types/access-review";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Access review");

export async function loader({ context }: Route.LoaderArgs) {
  return { accounts: await listPrivilegedAccounts(adminScope(context)) };
}

export default function AdminAccessReview({ loaderData }: Route.ComponentProps) {
  const { accounts } = loaderData;
  const flagged = accounts.filter((a) => a.inactive && a.active).length;
  return (
    <AdminListPage
      title="Privileged-access review"
      description={`Administrators and doctors can see health data. Review anyone who has not signed in for ${inactiveAfterDays} days and revoke access they no longer need.`}
    >
      <p className="font-medium" role="status">
        {flagged === 0
          ? "No active account is flagged."
          : `${flagged} active ${flagged === 1 ? "account has" : "accounts have"} not signed in for ${inactiveAfterDays} days or more.`}
      </p>
      <DataTable columns={["Account", "Role", "Last sign-in", "Review"]}>
        {accounts.map((a) => (
          <TableRow key={a.userId}>
            <TableCell label="Account">
              <span className="font-medium">{a.name}</span>
              <span className="block break-all text-muted-foreground text-sm">{a.email}</span>
            </TableCell>
            <TableCell label="Role">
              {a.role === "admin" ? "Administrator" : "Doctor"}
              {!a.twoFactorEnabled ? (
                <span className="block text-muted-foreground text-sm">Two-factor not set up</span>
              ) : null}
            </TableCell>
            <TableCell label="Last sign-in">
              {a.lastSignInAt ? adminDate.format(new Date(a.lastSignInAt)) : "Never"}
            </TableCell>
            <TableCell label="Review">
              {!a.active ? (
                <Badge variant="outline">Access revoked</Badge>
              ) : a.inactive ? (
                <Badge variant="destructive">Inactive {inactiveAfterDays}+ days</Badge>
              ) : (
                <Badge variant="outline">Active</Badge>
              )}
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </AdminListPage>
  );
}
