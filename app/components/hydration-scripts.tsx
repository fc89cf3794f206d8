import { Children, cloneElement, Fragment, isValidElement, type ReactNode } from "react";
import { Scripts } from "react-router";
import { loadAfterFirstPaint } from "~/lib/load-after-first-paint.ts";

/**
 * React Router's <Scripts />, asking for the page's JavaScript only once the page has painted.
 *
 * Every page is already rendered on the server (or pre-rendered), so the JavaScript only
 * hydrates what is on screen. Fetched at once, even at low priority, it finished before the first
 * paint on a fast connection, and the paint waited behind its evaluation; Lighthouse then counts
 * every script in the largest paint (mobile LCP 2.1-2.4 s against an FCP of 0.8-1.0 s, 2026-11-28).
 * The module preloads <Scripts /> writes into the page are left out and the route modules'
 * imports wait for the first paint (app/lib/load-after-first-paint.ts), so text comes first and
 * hydration follows.
 */
export function HydrationScripts() {
  // Called as a function, not rendered, so that its elements can be adjusted; its hooks run as
  // this component's own, in the same order on every render.
  const scripts = Scripts({});
  const preloads: string[] = [];
  collectModulePreloads(scripts, preloads);
  return <>{deferredToFirstPaint(scripts, preloads)}</>;
}

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

function collectModulePreloads(node: ReactNode, into: string[]): void {
  Children.forEach(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return;
    if (child.type === "link" && child.props.rel === "modulepreload" && child.props.href)
      into.push(child.props.href);
    else if (child.type === Fragment) collectModulePreloads(child.props.children, into);
  });
}

function deferredToFirstPaint(node: ReactNode, preloads: string[]): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload") return null;
    const inline = child.props.dangerouslySetInnerHTML?.__html;
    if (child.type === "script" && child.props.type === "module" && inline)
      return cloneElement(child, {
        dangerouslySetInnerHTML: { __html: loadAfterFirstPaint(inline, preloads) },
      });
    if (child.type === Fragment)
      return <Fragment>{deferredToFirstPaint(child.props.children, preloads)}</Fragment>;
    return child;
  });
}
