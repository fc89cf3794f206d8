import { StethoscopeIcon } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  { title: "Administration | ReferOH" },
  { name: "robots", content: "noindex" },
];

export default function AdminHome() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-semibold text-3xl tracking-tight">Administration</h1>
      <p className="mt-2 text-lg text-muted-foreground">Manage who can use the ReferOH portals.</p>
      <nav aria-label="Administration" className="mt-8 grid gap-4 md:grid-cols-3">
        <Link
          to="/admin/doctors"
          className="group flex items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <StethoscopeIcon aria-hidden="true" className="size-5" />
          </span>
          <span>
            <span className="block font-semibold group-hover:text-primary">Doctors</span>
            <span className="text-muted-foreground text-sm">
              Invite doctors, revoke and restore their access
            </span>
          </span>
        </Link>
      </nav>
    </div>
  );
}
