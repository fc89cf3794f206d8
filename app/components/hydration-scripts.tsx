import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from "react";
import { Scripts } from "react-router";
import { loadAfterFirstPaint } from "~/lib/load-after-first-paint.ts";

/**
 * React Router's <Scripts />, hydrating only once the page has painted, with its scripts
 * downloaded while it paints.
 *
 * Every page is already rendered on the server (or pre-rendered), so the JavaScript only
 * hydrates what is on screen. Run as soon as it arrived, on a fast connection it ran before the
 * first paint and the paint waited behind its evaluation; Lighthouse then counts every script in
 * the largest paint (mobile LCP 2.1-2.4 s against an FCP of 0.8-1.0 s, 2026-11-28). So the route
 * modules are imported, and the page hydrated, only after the first paint
 * (app/lib/load-after-first-paint.ts).
 *
 * The module preloads <Scripts /> writes stay in the page, at low priority: the browser fetches
 * and compiles the scripts while the page is read and painted, without running them, so they are
 * ready when the paint has happened. Asked for only after the paint, they cost a phone on a slow
 * connection 1.1-1.3 s more from the paint to working controls (docs/decisions/0014).
 */
export function HydrationScripts() {
  // Called as a function, not rendered, so that its elements can be adjusted; its hooks run as
  // this component's own, in the same order on every render.
  return <>{deferredToFirstPaint(Scripts({}))}</>;
}

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

function deferredToFirstPaint(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<ElementProps>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload")
      // Below the stylesheet, which the first paint needs, in the browser's queue.
      return cloneElement(child as ReactElement<ElementProps & { fetchPriority?: string }>, {
        fetchPriority: "low",
      });
    const inline = child.props.dangerouslySetInnerHTML?.__html;
    if (child.type === "script" && child.props.type === "module" && inline)
      return cloneElement(child, {
        dangerouslySetInnerHTML: { __html: loadAfterFirstPaint(inline) },
      });
    if (child.type === Fragment)
      return <Fragment>{deferredToFirstPaint(child.props.children)}</Fragment>;
    return child;
  });
}
