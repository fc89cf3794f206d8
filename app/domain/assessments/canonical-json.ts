/**
 * A deterministic JSON text: object keys sorted, no whitespace. Two definitions with the same
 * content always give the same text, so its SHA-256 identifies a published version exactly
 * (the pinned-hash test, and a database row that must match its file).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * SHA-256 (hex) of the canonical JSON. Web Crypto rather than node:crypto, so the same module
 * works in the browser bundle of the public demo page.
 */
export async function sha256OfCanonicalJson(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
