import type { ReactNode } from "react";

/**
 * A signed-in page under its heading: the title and what the page shows, with the page's own
 * actions beside them (a new referral, a CSV download), wrapping under them on a narrow screen.
 */
export function HeadedPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-semibold text-3xl tracking-tight">{title}</h1>
          <p className="mt-2 text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
