/**
 * Pre-rendered HTML is made once at build time, but absolute URLs must name the deployment's
 * PUBLIC_URL and the contact page its SERVICE_INBOX, which the build does not know, and React
 * Router writes a nonce attribute on every script. Pages are therefore pre-rendered with these
 * placeholders; server/prerendered.ts puts PUBLIC_URL and SERVICE_INBOX in and takes the nonce
 * attributes out once, when it loads the pages (their scripts are allowed by hash,
 * docs/decisions/0003-csp.md). They are long and unguessable so no real content can contain them
 * by accident, and made of characters that HTML and JSON leave as they are.
 */
export const PRERENDER_NONCE_PLACEHOLDER = "prerender-nonce-9c1e7b52d4a3";
export const PRERENDER_ORIGIN_PLACEHOLDER = "https://prerender-origin-9c1e7b52d4a3.invalid";
export const PRERENDER_INBOX_PLACEHOLDER = "prerender-inbox-9c1e7b52d4a3@referoh.invalid";
