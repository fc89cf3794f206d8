import { data } from "react-router";
import { type DomainError, httpStatus, isDomainError } from "~/domain/kernel/errors.ts";

interface RefusalOptions {
  /**
   * `page` (the default): a "not found" becomes the 404 page, the same for an object that does
   * not exist and for one that is not the caller's (docs/architecture.md §3b). `inline`: the page
   * shows the domain's words where the caller already holds the object (hours just removed).
   */
  notFound?: "page" | "inline";
}

/**
 * The one answer a route gives to a refusal of the domain (docs/architecture.md §3b): the status
 * of the code-to-HTTP map in `app/domain/kernel/errors.ts`, with the body the page shows the
 * refusal in. Anything that is not a refusal is thrown on unchanged, to the error boundary.
 */
export function refusalResponse<B>(
  error: unknown,
  body: (refusal: DomainError) => B,
  { notFound = "page" }: RefusalOptions = {},
) {
  if (!isDomainError(error)) throw error;
  if (error.code === "not_found" && notFound === "page")
    throw data("Not found", { status: httpStatus(error) });
  return data(body(error), { status: httpStatus(error) });
}

/** The body most buttons show a refusal with: the domain's words. */
export const refusalMessage = (refusal: DomainError) => ({
  ok: false as const,
  message: refusal.message,
});

/**
 * A file download's "no such file": plain text, since a resource route has no page to show, and
 * the same for a name that is no file's as for a file that is not the caller's.
 */
export function fileNotFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The one refusal answer for a file download: not found is `fileNotFound`, the rest the map's. */
export function downloadRefusal(error: unknown): Response {
  if (isDomainError(error) && error.code === "not_found") return fileNotFound();
  throw refusalResponse(error, refusalMessage);
}
