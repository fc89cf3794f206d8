import { Children, cloneElement, Fragment, isValidElement, type ReactNode } from "react";
import { Scripts } from "react-router";

/**
 * React Router's <Scripts />, with its module preloads fetched at low priority.
 *
 * Every page is already rendered on the server (or pre-rendered), so the JavaScript only
 * hydrates what is on screen. At Chrome's default (High) the module preloads share the first
 * round trips with the stylesheet, and on a slow connection the first paint waited for them
 * (Lighthouse mobile FCP 2.4-2.7 s instead of about 0.8 s on the same page).
 * <Scripts /> passes no fetchpriority through, so its output is adjusted here.
 */
export function HydrationScripts() {
  // Called as a function, not rendered, so that its elements can be adjusted; its hooks run as
  // this component's own, in the same order on every render.
  return <>{withLowPriorityModulePreloads(Scripts({}))}</>;
}

function withLowPriorityModulePreloads(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<{ rel?: string; children?: ReactNode }>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload")
      return cloneElement(child as React.ReactElement<{ fetchPriority?: string }>, {
        fetchPriority: "low",
      });
    if (child.type === Fragment)
      return <Fragment>{withLowPriorityModulePreloads(child.props.children)}</Fragment>;
    return child;
  });
}
