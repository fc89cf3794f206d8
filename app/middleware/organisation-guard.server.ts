import { data, type MiddlewareFunction } from "react-router";
import {
  organisationField,
  type StaleOrganisationRefusal,
  switchOrganisationPath,
} from "~/lib/active-organisation.ts";
import { currentSession, pagePath, safeRedirectPath, signedInShell } from "./session.server.ts";

/**
 * Stale-tab protection (docs/architecture.md §4). The active organisation belongs to the session,
 * which every tab of the browser shares: a page rendered while organisation A was active must not
 * act on organisation B after a switch in another tab. Every employer form carries the
 * organisation its page was for (`OrganisationField`); a POST whose organisation is not the
 * active one is refused with 409 before any action runs, so nothing changes.
 *
 * `whenAbsent`: in the employer area (`"refuse"`) a POST without the field is refused too: every
 * form there carries it (`app/architecture.test.ts` checks), so a missing one is a form that was
 * never checked against the organisation, and guessing would be the unsafe answer. The account
 * area (`"allow"`) serves every role and mostly the person's own details; only its company
 * details form acts on the organisation, and it carries the field. The switcher's own POST is
 * exempt: it names the organisation it moves to, and choosing one is safe from any tab.
 */
export function samePageOrganisation(whenAbsent: "refuse" | "allow"): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    if (request.method === "GET" || request.method === "HEAD") return next();
    if (pagePath(request).pathname === switchOrganisationPath) return next();
    const { organisation, memberships } = currentSession(context);
    // Someone with no organisation has no organisation's page to act on.
    if (!organisation) return next();
    const posted = await postedOrganisation(request);
    if (posted === organisation.id || (posted === null && whenAbsent === "allow")) return next();
    const refusal: StaleOrganisationRefusal = {
      refusal: "stale-organisation",
      pageOrganisation: memberships.find((m) => m.id === posted)?.name ?? null,
      activeOrganisation: organisation.name,
      reload: postingPage(request),
      shell: signedInShell(context),
    };
    throw data(refusal, { status: 409 });
  };
}

/** The organisation a form says its page was for, read from a copy so the action still can. */
async function postedOrganisation(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return null;
  try {
    const value = (await request.clone().formData()).get(organisationField);
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The page the form was on, to reload for the active organisation: the Referer of our own origin
 * (a form may post to an action of its own, such as a referral's reminder), else the dashboard.
 */
function postingPage(request: Request): string {
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const url = new URL(referer);
      const path = safeRedirectPath(url.pathname + url.search);
      if (url.origin === new URL(request.url).origin && path) return path;
    } catch {
      // An unreadable Referer: the dashboard below.
    }
  }
  return "/employer-dashboard";
}
