import { AlertTriangleIcon, InboxIcon, SirenIcon } from "lucide-react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/pagination.tsx";
import { AdminSection } from "~/components/admin/section.tsx";
import { getAdminOverview } from "~/domain/admin/overview.server.ts";
import { statusLabels } from "~/domain/referrals/lifecycle.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import type { Route } from "./+types/index";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Administration");

export async function loader({ context }: Route.LoaderArgs) {
  return { overview: await getAdminOverview(adminScope(context)) };
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const alerts = [
    {
      label: "SLA breaches",
      hint: "Submitted or in review past their due time",
      count: overview.slaBreaches,
      to: "/admin/cases?flag=sla-breached",
      icon: AlertTriangleIcon,
    },
    {
      label: "Urgent cases",
      hint: "Open cases marked urgent",
      count: overview.urgent,
      to: "/admin/cases?flag=urgent",
      icon: SirenIcon,
    },
    {
      label: "Inbox",
      hint: "Contact messages and interest registrations not yet handled",
      count: overview.unhandledEnquiries,
      to: "/admin/inbox",
      icon: InboxIcon,
    },
  ];
  return (
    <AdminPage
      title="Administration"
      description="The state of every case, and what needs attention now."
    >
      <AdminSection id="attention-heading" title="Needs attention">
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {alerts.map((alert) => (
            <li key={alert.label}>
              <Link
                to={alert.to}
                className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <alert.icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold text-3xl">{alert.count}</span>
                  <span className="block font-semibold group-hover:text-primary">
                    {alert.label}
                  </span>
                  <span className="text-muted-foreground text-sm">{alert.hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection id="status-heading" title="Cases by status">
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {overview.byStatus.map((row) => (
            <li key={row.status}>
              <Link
                to={`/admin/cases?status=${row.status}`}
                className="flex items-baseline justify-between gap-2 rounded-lg border bg-card px-4 py-3 hover:border-primary"
              >
                <span className="text-sm">{statusLabels[row.status]}</span>
                <span className="font-semibold text-lg">{row.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </AdminSection>
    </AdminPage>
  );
}
