/**
 * Where to send someone after signing in (or any redirect whose target came from the request).
 *
 * The target is parsed with the WHATWG URL parser, the one browsers use, against a base origin
 * of our own, and kept only when it stays on that origin as a plain path. Checking the raw text
 * instead (`startsWith("//")`) misses what the parser quietly rewrites: it drops tabs and
 * newlines (`/\t/evil.example` becomes `//evil.example`), reads a backslash as a slash and
 * resolves dot segments (`/.//evil.example`). What is returned is the parser's own serialisation
 * (percent-encoded ASCII), so it is also always a valid `Location` header value.
 */
const base = new URL("https://referoh.invalid");
/** Longer targets are never our own pages; refusing them keeps headers and logs small. */
const maxLength = 2048;

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength) return null;
  // Only a path on this site: no scheme (`javascript:`, `https:`), no host, nothing the parser
  // would strip or reinterpret (control characters, backslashes).
  if (!value.startsWith("/")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const path = url.pathname + url.search + url.hash;
  // A path whose dot segments collapse to `//host` would be scheme-relative once sent.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  // The serialised form must itself come back to the same place (defence in depth).
  const again = new URL(path, base);
  if (again.origin !== base.origin || again.pathname + again.search + again.hash !== path) {
    return null;
  }
  return path;
}

/** The target when it is safe, else the fallback (a path the app chose itself). */
export function safeRedirect(value: unknown, fallback: string): string {
  return safeRedirectPath(value) ?? fallback;
}
