import { PRERENDER_ORIGIN_PLACEHOLDER } from "./prerender.ts";

let configuredOrigin: string | undefined;

/** Called once by the server with config.PUBLIC_URL; pre-rendering never calls it. */
export function setPublicOrigin(publicUrl: string): void {
  configuredOrigin = publicUrl.replace(/\/+$/, "");
}

/**
 * The absolute origin for canonical links, Open Graph URLs and structured data. In the browser
 * it is the page's own origin; on the server it is PUBLIC_URL; while pre-rendering it is a
 * placeholder that the server replaces with PUBLIC_URL when it serves the file.
 */
function publicOrigin(): string {
  if (typeof window !== "undefined") return window.location.origin;
  return configuredOrigin ?? PRERENDER_ORIGIN_PLACEHOLDER;
}

export function absoluteUrl(path: string): string {
  return `${publicOrigin()}${path === "/" ? "/" : path}`;
}
