import { redirect } from "react-router";
import { currentDataKeyring, decryptString, encryptString } from "~/db/encryption/keyring.ts";
import type { PlatformRole } from "~/db/schema/auth.ts";
import { roleHome } from "~/domain/access/permissions.ts";
import { cookieValue } from "~/lib/cookie-value.ts";
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
/** The sealed value names its purpose, so no other sealed value can pass for it. */
const cookiePurpose = "cookie:registered_email";
const cookieSeconds = 3600;

/**
 * The address just registered, shown by /registration-confirmation, for an hour (Path=/ so
 * client-side data requests carry it too). Sealed with the data key (AES-256-GCM): the browser
 * holds an opaque value it can neither read nor forge, and the address never sits in clear text
 * in a cookie jar or a proxy's log.
 */
export function registeredEmailSetCookie(email: string, secure: boolean, now = Date.now()) {
  const sealed = encryptString(
    currentDataKeyring(),
    JSON.stringify({ email, at: now }),
    cookiePurpose,
  );
  return `${registeredEmailCookie}=${encodeURIComponent(sealed)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${cookieSeconds}${secure ? "; Secure" : ""}`;
}

export function readRegisteredEmail(request: Request, now = Date.now()): string | null {
  const raw = cookieValue(request.headers.get("cookie"), registeredEmailCookie);
  if (!raw) return null;
  try {
    const opened = JSON.parse(
      decryptString(currentDataKeyring(), decodeURIComponent(raw), cookiePurpose),
    ) as { email?: unknown; at?: unknown };
    if (typeof opened.email !== "string" || typeof opened.at !== "number") return null;
    if (now - opened.at > cookieSeconds * 1000 || opened.at > now + 60_000) return null;
    return /^[^\s@]+@[^\s@]+$/.test(opened.email) ? opened.email : null;
  } catch {
    // Tampered, sealed under a retired key, or from before the value was sealed.
    return null;
  }
}

/**
 * A file as a download, never cached: every file the product hands out (a report, an invoice, an
 * export of the audit log, of the insight figures or of a person's data) holds health information
 * or an organisation's accounts (docs/architecture.md §8).
 */
export function fileDownload(
  body: BodyInit,
  contentType: string,
  fileName: string,
  headers: HeadersInit = {},
) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

/** A CSV export as a download. */
export const csvDownload = (csv: string, fileName: string) =>
  fileDownload(csv, "text/csv; charset=utf-8", fileName);

/** A PDF (a report, an invoice, a credit note) as a download named after its reference. */
export function pdfDownload(pdf: Uint8Array, reference: string, headers: HeadersInit = {}) {
  return fileDownload(new Uint8Array(pdf), "application/pdf", `${reference}.pdf`, {
    "Content-Length": String(pdf.byteLength),
    ...headers,
  });
}
