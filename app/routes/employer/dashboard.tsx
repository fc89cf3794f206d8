import { ClipboardListIcon, FileTextIcon, WalletIcon } from "lucide-react";
import { Link } from "react-router";
import { currentSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Dashboard | ReferOH" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  const { user, organisation } = currentSession(context);
  return { firstName: user.firstName || user.name, organisationName: organisation?.name ?? "" };
}

const sections = [
  {
    to: "/employer-referrals",
    label: "Referrals",
    icon: ClipboardListIcon,
    text: "Pre-employment assessments and management referrals",
  },
  {
    to: "/employer-reports",
    label: "Reports",
    icon: FileTextIcon,
    text: "Reports released to you by our doctors",
  },
  {
    to: "/employer-subscription",
    label: "Subscription",
    icon: WalletIcon,
    text: "Membership, credits and invoices",
  },
];

/** The dashboard's shell; its counters and cards arrive with the referrals issue. */
export default function EmployerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-muted-foreground text-sm">{loaderData.organisationName}</p>
      <h1 className="mt-1 font-semibold text-3xl tracking-tight">Welcome to your Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Manage your occupational health assessments
      </p>
      <nav aria-label="Dashboard" className="mt-8 grid gap-4 md:grid-cols-3">
        {sections.map(({ to, label, icon: Icon, text }) => (
          <Link
            key={to}
            to={to}
            className="group flex items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold group-hover:text-primary">{label}</span>
              <span className="text-muted-foreground text-sm">{text}</span>
            </span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
