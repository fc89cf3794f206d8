import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "./public-origin.ts";

const siteName = "ReferOH";

/**
 * Title, description, canonical link and Open Graph tags for one public page. Absolute URLs come
 * from PUBLIC_URL (substituted into pre-rendered pages when they are served).
 */
export function pageMeta(page: {
  title: string;
  description: string;
  path: string;
  type?: "website" | "article";
}): MetaDescriptor[] {
  const url = absoluteUrl(page.path);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
  ];
}

/**
 * The title and robots rule of a page behind sign-in or a private link: such pages hold nothing a
 * search engine should list, and some of their addresses carry tokens.
 */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${siteName}` }, { name: "robots", content: "noindex" }];
}
