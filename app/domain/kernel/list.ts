/**
 * What every list page shares (docs/architecture.md §3b): a page number read from the query
 * string, one `Page<T>` shape, and LIKE escaping for free-text search.
 */
export { containsPattern, escapeLike } from "~/lib/like-pattern.ts";

export const defaultPageSize = 25;

/** A 1-based page number from the query string; anything odd is page 1. */
export function parsePage(value: string | null | undefined): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export interface Page<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export function pageOf<T>(
  rows: T[],
  page: number,
  total: number,
  pageSize = defaultPageSize,
): Page<T> {
  return { rows, page, pageSize, total, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
