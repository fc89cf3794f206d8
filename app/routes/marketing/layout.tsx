import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import type { Route } from "./+types/layout";

export function loader() {
  return { year: new Date().getFullYear() };
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <SiteHeader account={null} />
      <main id="main" className="pt-16">
        <Outlet />
      </main>
      <SiteFooter year={loaderData.year} />
    </>
  );
}
