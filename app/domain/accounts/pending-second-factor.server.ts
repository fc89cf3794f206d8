import { createHmac, timingSafeEqual } from "node:crypto";
import { cookieValue } from "~/lib/cookie-value.ts";
import type { AccountsDeps } from "./types.ts";

/**
 * Between the password and the second factor we must know whose code is being checked (to refuse
 * a code already used) before better-auth's plugin checks it against its own signed cookie. This
 * HttpOnly cookie names the user, signed with the auth secret, for 10 minutes.
 */
const LIFETIME_MS = 10 * 60 * 1000;

function cookieName(deps: AccountsDeps) {
  return new URL(deps.config.PUBLIC_URL).protocol === "https:"
    ? "__Host-referoh.pending_second_factor"
    : "referoh.pending_second_factor";
}

function attributes(deps: AccountsDeps, maxAgeSeconds: number) {
  const secure = new URL(deps.config.PUBLIC_URL).protocol === "https:" ? "; Secure" : "";
  return `; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

async function sign(deps: AccountsDeps, payload: string) {
  const { secret } = await deps.auth.$context;
  return createHmac("sha256", secret)
    .update(`pending-second-factor:${payload}`)
    .digest("base64url");
}

export async function setPendingSecondFactor(deps: AccountsDeps, userId: string): Promise<string> {
  const payload = `${userId}.${Date.now() + LIFETIME_MS}`;
  const value = `${payload}.${await sign(deps, payload)}`;
  return `${cookieName(deps)}=${value}${attributes(deps, LIFETIME_MS / 1000)}`;
}

export function clearPendingSecondFactor(deps: AccountsDeps): string {
  return `${cookieName(deps)}=${attributes(deps, 0)}`;
}

/** The user waiting for a second factor, or null when there is none or it has expired. */
export async function readPendingSecondFactor(
  deps: AccountsDeps,
  cookieHeader: string | null,
): Promise<string | null> {
  const raw = cookieValue(cookieHeader, cookieName(deps));
  if (!raw) return null;
  const [userId, expires, signature] = raw.split(".");
  if (!userId || !expires || !signature) return null;
  const expected = Buffer.from(await sign(deps, `${userId}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) < Date.now()) return null;
  return userId;
}
