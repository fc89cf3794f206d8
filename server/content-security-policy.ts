/** `wss://host` for an https site, `ws://host` otherwise. */
function signallingOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/**
 * The site's Content Security Policy apart from `script-src`, which depends on the response
 * (docs/decisions/0003-csp.md): server-rendered pages allow scripts by this response's nonce,
 * pre-rendered pages by the hashes of their own inline scripts.
 */
export function cspDirectives(
  publicUrl: string,
  { relaxed = false }: { relaxed?: boolean } = {},
): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    // Server-rendered style attributes (Radix positioning) and sonner's injected sheet need inline styles.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    // The video room's signalling WebSocket is on this origin; CSP2 browsers do not count
    // ws:/wss: as 'self', so it is named.
    "connect-src": relaxed
      ? ["'self'", "ws:", signallingOrigin(publicUrl)]
      : ["'self'", signallingOrigin(publicUrl)],
    // Camera and microphone streams are attached as objects; blob: covers fallbacks.
    "media-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
  };
}

/** The header value, as helmet writes it. */
export function serializeCsp(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join(";");
}
