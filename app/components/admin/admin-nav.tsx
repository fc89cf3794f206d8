import { NavLink } from "react-router";
import { areaNavItems } from "~/components/site-navigation.ts";
import { cn } from "~/lib/cn";

const adminSections = areaNavItems.admin;

/**
 * The admin console's sections as a tab bar, from the md breakpoint up. Narrower screens (a phone,
 * or a desktop zoomed to 200 %) reach the same sections through the header's menu instead of a
 * second navigation cut off at the screen's edge. The tabs wrap rather than scroll sideways.
 */
export function AdminNav() {
  return (
    <nav aria-label="Administration" className="hidden border-b bg-card md:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-4 sm:px-6">
        {adminSections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.to === "/admin"}
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
