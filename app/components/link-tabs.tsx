import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * Tabs that are links: each tab is its own URL (`?tab=`), so they work without JavaScript and
 * the server knows which one is showing.
 */
export function LinkTabs<T extends string>({
  tabs,
  current,
  label,
  hrefFor,
  replace = true,
}: {
  tabs: ReadonlyArray<{ value: T; label: string; disabled?: boolean; hint?: string }>;
  current: T;
  label: string;
  hrefFor: (value: T) => string;
  /** Moving between tabs replaces the history entry, so Back leaves the page (default). */
  replace?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex w-fit max-w-full flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground">
        {tabs.map((tab) => {
          const base =
            "inline-flex h-9 items-center justify-center whitespace-nowrap rounded-md px-3 font-medium text-sm";
          if (tab.disabled) {
            return (
              <li key={tab.value}>
                <span
                  aria-disabled="true"
                  title={tab.hint}
                  className={cn(base, "cursor-not-allowed opacity-50")}
                >
                  {tab.label}
                </span>
              </li>
            );
          }
          const active = tab.value === current;
          return (
            <li key={tab.value}>
              <Link
                to={hrefFor(tab.value)}
                replace={replace}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  base,
                  "hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                  active && "bg-background text-foreground shadow-sm",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
