import { problemResponse } from "~/middleware/problem.server.ts";

/** Any other address under /api/v1 (after the key is checked): a problem, not the site's 404 page. */
function notFound() {
  return problemResponse(404, "not_found", "There is no such endpoint in /api/v1.");
}
export const loader = notFound;
export const action = notFound;
