import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Previous / Next under a list whose pages are counted on the server (the employer's referrals
 * and reports, the doctor's queue). `hrefFor` builds a page's address with the list's filters.
 */
export function ListPagination({
  list: { page, pageCount, total },
  noun,
  hrefFor,
}: {
  /** The page shown, how many pages there are and how many rows in all. */
  list: { page: number; pageCount: number; total: number };
  /** Singular; an "s" is added for any other count. */
  noun: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-4 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {pageCount} · {total} {noun}
        {total === 1 ? "" : "s"}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page - 1)}>Previous</Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page + 1)}>Next</Link>
          </Button>
        ) : null}
      </span>
    </nav>
  );
}

/**
 * Previous / Next under a list paged by key (the employer's referrals): each link names the row
 * the next page starts after or the previous page ends before, so any page costs what the first
 * does. There are no page numbers, since numbering a page means counting every row before it.
 */
export function KeysetPagination({
  summary,
  previousHref,
  nextHref,
}: {
  /** What the list holds, such as "123 referrals"; omitted when not known cheaply. */
  summary?: string;
  previousHref: string | null;
  nextHref: string | null;
}) {
  if (!summary && !previousHref && !nextHref) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-4 text-sm">
      <span className="text-muted-foreground">{summary}</span>
      <span className="flex gap-2">
        {previousHref ? (
          <Button asChild variant="outline" size="sm">
            <Link to={previousHref}>Previous</Link>
          </Button>
        ) : null}
        {nextHref ? (
          <Button asChild variant="outline" size="sm">
            <Link to={nextHref}>Next</Link>
          </Button>
        ) : null}
      </span>
    </nav>
  );
}
