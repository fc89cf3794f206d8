import { runtimeContext } from "~/context.ts";
import { publicPages } from "~/routes/marketing/public-pages.ts";
import type { Route } from "./+types/sitemap";

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

/** The public pages, with absolute URLs from PUBLIC_URL. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).config.PUBLIC_URL.replace(/\/+$/, "");
  const urls = publicPages
    .map(
      (page) =>
        `  <url><loc>${escapeXml(`${origin}${page.path}`)}</loc><priority>${page.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
