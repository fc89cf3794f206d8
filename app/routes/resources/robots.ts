import { runtimeContext } from "~/context.ts";
import type { Route } from "./+types/robots";

/**
 * Crawlers may index the public site. Signed-in areas and assessment links are disallowed too,
 * although they also answer crawlers with a sign-in page or noindex.
 */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).config.PUBLIC_URL.replace(/\/+$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /assessment/",
    "Disallow: /employer-",
    "Disallow: /doctor-dashboard",
    "Disallow: /doctor-report/",
    "Disallow: /doctor-transcript/",
    "Disallow: /payment",
    "Disallow: /dev/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
