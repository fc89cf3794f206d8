import type { Config } from "@react-router/dev/config";
import { publicPages } from "./app/routes/marketing/public-pages.ts";

export default {
  ssr: true,
  // Public pages that read no request data are rendered once at build time; the server adds a
  // fresh CSP nonce and PUBLIC_URL to each response (server/prerendered.ts, ADR 0004). Their form
  // posts (contact, interest) still go to the server.
  prerender: publicPages.filter((page) => page.prerender).map((page) => page.path),
} satisfies Config;
