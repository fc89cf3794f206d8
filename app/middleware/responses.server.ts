import { redirect } from "react-router";
import type { PlatformRole } from "~/db/schema/auth.ts";
import { roleHome } from "~/domain/access/permissions.ts";
import { safeRedirectPath } from "./session.server.ts";

/** A redirect that also sets (or clears) cookies. */
export function redirectWithCookies(url: string, setCookies: string[]) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}

/** Adds `?notice=` to a path for the toast shown after the redirect. */
export function withNotice(path: string, notice: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.set("notice", notice);
  return url.pathname + url.search;
}

/** After signing in: the remembered page, else the role's home. */
export function destinationAfterSignIn(role: PlatformRole, redirectTo: string | null | undefined) {
  return safeRedirectPath(redirectTo) ?? roleHome[role];
}

const registeredEmailCookie = "referoh.registered_email";

/** The address just registered, shown by /registration-confirmation, for an hour (Path=/ so client-side data requests carry it too). */
export function registeredEmailSetCookie(email: string, secure: boolean) {
  return `${registeredEmailCookie}=${encodeURIComponent(email)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600${secure ? "; Secure" : ""}`;
}

export function readRegisteredEmail(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const raw = header
    .split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${registeredEmailCookie}=`))
    ?.slice(registeredEmailCookie.length + 1);
  if (!raw) return null;
  try {
    const value = decodeURIComponent(raw);
    return /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
  } catch {
    return null;
  }
}
