import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { ukDateFormat } from "~/lib/dates.ts";

/** Previous / next links that keep the current filters; pages are counted on the server. */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground">
        {total.toLocaleString("en-GB")} {noun} · page {page} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            className="rounded-md border bg-card px-3 py-1.5 hover:border-primary"
            to={hrefFor(page - 1)}
          >
            Previous page
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link
            className="rounded-md border bg-card px-3 py-1.5 hover:border-primary"
            to={hrefFor(page + 1)}
          >
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export function AdminPageHeader({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h1 className="font-semibold text-3xl tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </div>
  );
}

const adminPageWidths = { narrow: "max-w-3xl", wide: "max-w-6xl" } as const;

/** An admin page of sections under one heading: the heading, what the page is for, then them. */
export function AdminPage({
  title,
  description,
  width = "wide",
  children,
}: {
  title: string;
  description: string;
  width?: keyof typeof adminPageWidths;
  children: ReactNode;
}) {
  return (
    <div className={cn("mx-auto grid gap-8 px-4 py-10 sm:px-6", adminPageWidths[width])}>
      <AdminPageHeader title={title} description={description} />
      {children}
    </div>
  );
}

export const adminDate = ukDateFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
});
