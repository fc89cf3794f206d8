import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

export const adminSections = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/doctors", label: "Doctors" },
  { to: "/admin/organisations", label: "Organisations" },
  { to: "/admin/cases", label: "Cases" },
  { to: "/admin/inbox", label: "Inbox" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/access-review", label: "Access review" },
  { to: "/admin/subject-access", label: "Subject access" },
] as const;

/** The admin console's sections, one row that scrolls sideways on a phone. */
export function AdminNav() {
  return (
    <nav aria-label="Administration" className="border-b bg-card">
      <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 sm:px-6">
        {adminSections.map((section) => (
          <li key={section.to} className="shrink-0">
            <NavLink
              to={section.to}
              end={"end" in section}
              className={({ isActive }) =>
                cn(
                  "inline-block border-b-2 px-3 py-3 font-medium text-sm transition-colors",
                  isActive
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
