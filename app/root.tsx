import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useNavigationType,
} from "react-router";
import { HydrationScripts } from "~/components/hydration-scripts.tsx";
import { Toaster } from "~/components/ui/toaster";
import { databaseUnavailable } from "~/middleware/database-unavailable.server.ts";
import { edgeChecks } from "~/middleware/edge.server.ts";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

/**
 * First, a lost database turns the request's 500 into a 503 with Retry-After; then malformed ids,
 * NUL bytes and bodies that are not forms are refused before any route runs.
 */
export const middleware: Route.MiddlewareFunction[] = [databaseUnavailable, edgeChecks];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Smooth scrolling for same-page hash links only; route changes jump to the top (ScrollRestoration),
 * which a global `scroll-behavior: smooth` would animate instead.
 */
function useSmoothHashLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const anchor = (event.target as Element | null)?.closest?.("a[href*='#']");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = new URL(anchor.href);
      if (
        url.origin !== window.location.origin ||
        url.pathname !== window.location.pathname ||
        !url.hash
      )
        return;
      const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (!target) return;
      event.preventDefault();
      // Smooth is motion: a jump for people who ask their system for less (WCAG 2.3.3).
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      target.scrollIntoView({ behavior: reduce ? "instant" : "smooth", block: "start" });
      // The browser's own jump would move keyboard focus to the target (the skip link relies on
      // it); preventing the jump prevents that too, so focus moves here.
      focusWithoutRing(target);
      // The skip link's address has no use to keep, and writing it is not harmless: the router
      // applies it a render later and scrolls to <main> again, which takes the page away from
      // a control the next Tab has already focused below the fold.
      if (target.id === "main") return;
      navigate({ hash: url.hash, search: url.search }, { preventScrollReset: true, replace: true });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

/** Focuses an element that may not be focusable (a heading, main) without scrolling it. */
function focusWithoutRing(element: HTMLElement) {
  const focusable = element.matches("a[href], button, input, select, textarea, [tabindex]");
  if (!focusable) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

/**
 * A client-side page change removes the link or button that had focus, which leaves focus on
 * <body>: a keyboard user would restart from the top of the page, and a screen reader would not
 * hear that the page changed. Focus moves to the new page's heading instead (WCAG 2.4.3), as long
 * as nothing on the page has taken focus itself (an error summary does).
 *
 * A change of the same page's state (its query: a step such as `?step=withhold`, a list's type
 * toggle) loses focus the same way when the control that made it is re-rendered away: focus then
 * moves to the heading of what changed, the one the page marks `data-state-heading`, or the
 * page's own heading. A replace that only tidies the address (a notice read and removed) moves
 * nothing.
 */
function useFocusOnPageChange() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page or state
  useEffect(() => {
    const last = previous.current;
    previous.current = pathname;
    if (last === null) return;
    const samePage = last === pathname;
    if (samePage && navigationType === "REPLACE") return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.getElementById("main");
    const heading =
      (samePage ? main?.querySelector<HTMLElement>("[data-state-heading]") : null) ??
      main?.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target) return;
    focusWithoutRing(target);
    // A heading below the fold (a question under a long transcript) is brought up to the top,
    // after the router's scroll to the top of the new page, and at once: a smooth scroll still
    // running when the next Tab moves focus would leave the focused control off screen.
    requestAnimationFrame(() => {
      if (target.getBoundingClientRect().bottom > window.innerHeight)
        target.scrollIntoView({ block: "start", behavior: "instant" });
    });
  }, [pathname, search]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        {/* Before <Links />, which puts stylesheets after its module preloads: on a slow
            connection the render-blocking CSS must not queue behind JavaScript that only
            hydrates a page already rendered on the server. */}
        <link rel="stylesheet" href={appStylesheet} precedence="app" />
        <Links />
      </head>
      {/* A column as tall as the viewport whose <main> grows: the footer sits at the bottom of a
          short page instead of floating mid-screen, and nothing follows it. */}
      <body className="flex min-h-dvh flex-col bg-background text-foreground">
        {children}
        <Toaster />
        <ScrollRestoration />
        <HydrationScripts />
      </body>
    </html>
  );
}

export default function App() {
  useSmoothHashLinks();
  useFocusOnPageChange();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let heading = "Something went wrong";
  let message =
    "An unexpected error occurred. Please try again, or contact us if it keeps happening.";
  if (isRouteErrorResponse(error)) {
    heading =
      error.status === 404
        ? "404 Oops! Page not found"
        : `${error.status} ${error.statusText || "Error"}`;
    if (error.status === 404)
      message = "The page you were looking for does not exist or has moved.";
  }
  // Stack traces are shown only while developing, never in production.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center gap-4 px-6 py-16">
      <h1 className="font-semibold text-3xl">{heading}</h1>
      <p className="text-muted-foreground">{message}</p>
      <p>
        <Link to="/" className="font-medium text-primary underline underline-offset-4">
          Return to the home page
        </Link>
      </p>
      {stack ? <pre className="overflow-auto rounded bg-muted p-4 text-xs">{stack}</pre> : null}
    </main>
  );
}
