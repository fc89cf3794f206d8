import type { Config } from "@react-router/dev/config";
import { publicPages } from "./app/routes/marketing/public-pages.ts";

export default {
  ssr: true,
  // Public pages that read no request data are rendered once at build time; the server puts
  // PUBLIC_URL in once and serves them from memory, pre-compressed, with a hash-based CSP
  // (server/prerendered.ts, ADR 0007). Their form posts (contact, interest) still go to the server.
  prerender: publicPages.filter((page) => page.prerender).map((page) => page.path),
} satisfies Config;
