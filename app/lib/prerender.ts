/**
 * Pre-rendered HTML is made once at build time, but the CSP nonce must be fresh per response and
 * absolute URLs must name the deployment's PUBLIC_URL, which the build does not know. Pages are
 * therefore pre-rendered with these placeholders and server/prerendered.ts substitutes both on
 * every response. They are long and unguessable so no real content can contain them by accident.
 */
export const PRERENDER_NONCE_PLACEHOLDER = "prerender-nonce-9c1e7b52d4a3";
export const PRERENDER_ORIGIN_PLACEHOLDER = "https://prerender-origin-9c1e7b52d4a3.invalid";
