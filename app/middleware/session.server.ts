import { eq } from "drizzle-orm";
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { HeaderOrganisation } from "~/components/site-header.tsx";
import { requestContext, runtimeContext, sessionContext } from "~/context.ts";
import { session } from "~/db/schema/index.ts";
import { can, needsSecondFactor, type Permission, roleHome } from "~/domain/access/permissions.ts";
import { auditAuthEvent } from "~/domain/accounts/audit.server.ts";
import {
  type CurrentSession,
  hasSessionCookie,
  loadSession,
  type SessionLookup,
} from "~/domain/accounts/load-session.server.ts";
import type { RequestMeta } from "~/domain/accounts/types.ts";
import { memberRoleLabel, teamCan } from "~/domain/kernel/team-permissions.ts";
import { authHeaders } from "~/services/auth/auth.server.ts";

/** The session lookup of this request, done once however many loaders ask. */
const lookupContext = createContext<Promise<SessionLookup> | null>(null);

export function requestMeta(
  context: Readonly<RouterContextProvider>,
  request: Request,
): RequestMeta {
  const info = context.get(requestContext);
  return { headers: authHeaders(request, info.ip), ip: info.ip, requestId: info.requestId };
}

export function lookupSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SessionLookup> {
  let pending = context.get(lookupContext);
  if (!pending) {
    const runtime = context.get(runtimeContext);
    pending = loadSession(runtime, requestMeta(context, request).headers);
    context.set(lookupContext, pending);
  }
  return pending;
}

/** Every redirect whose target comes from the request goes through this one check. */
export { safeRedirectPath } from "~/lib/safe-redirect.ts";

/**
 * The page a request is for, as the visitor sees it: client navigations fetch `/page.data`
 * (React Router's single fetch), sometimes with `_routes`; both are dropped here.
 */
export function pagePath(request: Request): { pathname: string; search: string } {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return { pathname, search: search ? `?${search}` : "" };
}

function loginRedirect(
  request: Request,
  notice: "auth-required" | "session-expired" | "doctor-session-ended",
  signInPage: "/login" | "/doctor-login" = "/login",
) {
  const { pathname, search } = pagePath(request);
  const params = new URLSearchParams({ redirectTo: pathname + search, notice });
  return redirect(`${signInPage}?${params.toString()}`);
}

/** Signed-in pages are never stored by the browser or a proxy. */
export const noStore: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("Pragma", "no-cache");
  return response;
};

/**
 * State-changing requests must come from our own pages. React Router already refuses an action
 * whose Origin differs from the request URL; this also checks it against PUBLIC_URL (a proxy can
 * rewrite Host) and uses Sec-Fetch-Site when Origin is absent.
 */
export const sameOrigin: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const { config } = context.get(runtimeContext);
    const allowed = new Set([new URL(config.PUBLIC_URL).origin, new URL(request.url).origin]);
    const origin = request.headers.get("origin");
    const site = request.headers.get("sec-fetch-site");
    const crossSite = origin
      ? !allowed.has(origin)
      : site !== null && site !== "same-origin" && site !== "none";
    if (crossSite) throw data("Cross-site request refused", { status: 403 });
  }
  return next();
};

/**
 * Where a doctor whose access was withdrawn lands: the doctor sign-in page with a lasting alert.
 * Not a `?notice=`, which shows a toast and is then taken out of the address (NoticeToasts), so
 * the message would go with it.
 */
export const ACCESS_PARAM = "access";
export const ACCESS_WITHDRAWN = "withdrawn";
export const ACCESS_WITHDRAWN_PATH = `/doctor-login?${ACCESS_PARAM}=${ACCESS_WITHDRAWN}`;

type Area = "employer" | "doctor" | "admin" | "account" | "enrolment";

const areaPermission: Partial<Record<Area, Permission>> = {
  employer: "employer-area:view",
  doctor: "doctor-area:view",
  admin: "admin-area:view",
  account: "account:update-own",
};

/**
 * The gate of a signed-in area: no session → /login with the page remembered; a doctor or admin
 * without two-factor → enrolment first; a revoked doctor → out; the wrong role → 403.
 */
export function requireArea(area: Area): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const runtime = context.get(runtimeContext);
    const lookup = await lookupSession(context, request);
    if (lookup.status !== "active") {
      // Doctors sign in on their own page. Revoking access deletes the doctor's sessions, so a
      // request that still carries the cookie is told why it may have ended.
      if (area === "doctor")
        throw loginRedirect(
          request,
          hasSessionCookie(request.headers.get("cookie"))
            ? "doctor-session-ended"
            : "auth-required",
          "/doctor-login",
        );
      throw loginRedirect(
        request,
        lookup.status === "expired" ? "session-expired" : "auth-required",
      );
    }
    const { current } = lookup;
    const { actor, user } = current;
    const meta = requestMeta(context, request);

    if (actor.role === "doctor" && actor.doctorActive !== true) {
      await endSession(context, request, current.session.id);
      throw redirect(ACCESS_WITHDRAWN_PATH);
    }
    if (needsSecondFactor(actor.role) && area !== "enrolment") {
      if (!user.twoFactorEnabled) throw redirect("/account/two-factor?required=1");
      if (!actor.twoFactorVerified) {
        // A password-only session from before enrolment: never enough for these roles.
        await endSession(context, request, current.session.id);
        throw loginRedirect(request, "auth-required");
      }
    }
    const permission = areaPermission[area];
    if (permission && !can(actor, permission)) {
      await auditAuthEvent(runtime.database.db, meta, {
        action: "access.denied",
        outcome: "denied",
        actor: { id: actor.userId, role: actor.role, organisationId: actor.organisationId },
        // The audit refuses long strings (free text is where health content would hide): an
        // address can be any length, so only its start is kept.
        details: { area, path: pagePath(request).pathname.slice(0, 120) },
      });
      // An employer with no organisation left (removed from, or left, every one) is told so,
      // and sent to their account rather than to a dashboard that would refuse them again.
      const withoutOrganisation = actor.role === "employer" && actor.organisationId === null;
      throw data(
        withoutOrganisation
          ? { home: "/account", reason: "no-organisation" }
          : { home: roleHome[actor.role] },
        { status: 403 },
      );
    }
    context.set(sessionContext, current);
    return next();
  };
}

async function endSession(
  context: Readonly<RouterContextProvider>,
  _request: Request,
  sessionId: string,
) {
  const runtime = context.get(runtimeContext);
  await runtime.database.db.delete(session).where(eq(session.id, sessionId));
}

/** The current session inside a guarded area (its middleware has run). */
export function currentSession(context: Readonly<RouterContextProvider>) {
  const current = context.get(sessionContext);
  if (!current) throw new Error("currentSession() outside a guarded area");
  return current;
}

/**
 * What every signed-in area's shell shows: the user's role, name and home for the header, and the
 * footer's year. An area's guard has already admitted only its own role.
 */
export function signedInShell(context: Readonly<RouterContextProvider>) {
  const current = currentSession(context);
  const { user } = current;
  return {
    year: new Date().getFullYear(),
    account: {
      home: roleHome[user.role],
      role: user.role,
      name: user.name,
      organisation: headerOrganisation(current),
    },
  };
}

/**
 * An employer's organisations as the header shows them: the active one named (someone in several
 * must always see where they are), the others for the switcher, and whether their role there may
 * manage billing, so the header offers no page the role would be refused.
 */
function headerOrganisation(current: CurrentSession): HeaderOrganisation | undefined {
  const { organisation, memberships } = current;
  if (!organisation) return undefined;
  return {
    id: organisation.id,
    name: organisation.name,
    roleLabel: memberRoleLabel[organisation.memberRole],
    billing: teamCan(organisation.memberRole, "billing:manage"),
    team: teamCan(organisation.memberRole, "team:view"),
    integrations: teamCan(organisation.memberRole, "integrations:manage"),
    memberships: memberships.map((m) => ({
      id: m.id,
      name: m.name,
      roleLabel: memberRoleLabel[m.memberRole],
    })),
  };
}
