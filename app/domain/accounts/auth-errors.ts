import { isAPIError } from "better-auth/api";

/** better-auth's error code for a failed `auth.api.*` call, or null for any other error. */
export function authErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const body = (error as { body?: { code?: string } }).body;
  return body?.code ?? String((error as { status?: unknown }).status ?? "UNKNOWN");
}
