import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from "react";
import { useSearchParams } from "react-router";
import { focusRing } from "~/components/ui/focus-ring";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated.ts";

interface LightTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs (arrow keys, Home/End, automatic activation) in a few hundred bytes, for public
 * pages where the Radix primitive's extra JavaScript would count against the page budget. Every
 * panel is server-rendered; inactive ones carry `hidden`.
 *
 * Each tab is a link to the same page with the tab chosen in its query (`?<param>=<value>`) and
 * the tabs' own anchor, which the server renders open: before and without JavaScript a tab is a
 * link that works (docs/decisions/0014). Once hydrated, a click switches the panel in place, and
 * focus roves with the arrow keys.
 */
export function LightTabs({
  label,
  tabs,
  param,
  anchor,
  defaultValue,
  className,
  listClassName,
}: {
  label: string;
  tabs: readonly LightTab[];
  /** The query parameter that names the open tab, in the links and the server's render. */
  param: string;
  /** The id of the tabs' wrapper, which each link scrolls back to. */
  anchor: string;
  defaultValue?: string;
  className?: string;
  listClassName?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get(param);
  const initial = tabs.some((tab) => tab.value === asked)
    ? asked!
    : (defaultValue ?? tabs[0]!.value);
  const [value, setValue] = useState(initial);
  // A navigation to another tab's address (back, forward, a link) opens that tab. Adjusted while
  // rendering, when the address changes, and never on mount: an effect ran once after hydration
  // and set the tab back, losing a click that React replayed from before hydration (seen at 4×
  // CPU, tests/e2e/shell/early-clicks.spec.ts).
  const [shownFor, setShownFor] = useState(initial);
  if (shownFor !== initial) {
    setShownFor(initial);
    setValue(initial);
  }
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);

  function hrefOf(tab: string) {
    const query = new URLSearchParams(searchParams);
    query.set(param, tab);
    return `?${query.toString()}#${anchor}`;
  }

  function onClick(event: MouseEvent<HTMLAnchorElement>, next: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setValue(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setValue(tabs[target]!.value);
    refs.current[target]?.focus();
  }

  return (
    <div id={anchor} className={cn("flex scroll-mt-20 flex-col gap-6", className)}>
      <div
        role="tablist"
        aria-label={label}
        className={cn(
          // Labels wrap inside their tab at 320 px instead of the list scrolling sideways, where
          // the scrolling box also cut off the focus ring (WCAG 1.4.10, 2.4.7).
          "inline-flex w-fit max-w-full items-stretch gap-1 rounded-lg bg-muted p-1 text-muted-foreground",
          listClassName,
        )}
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          return (
            <a
              key={tab.value}
              ref={(element) => {
                refs.current[index] = element;
              }}
              href={hrefOf(tab.value)}
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-controls={`${id}-panel-${tab.value}`}
              aria-selected={selected}
              // Before hydration the arrow keys do nothing, so every tab is in the Tab order.
              tabIndex={hydrated ? (selected ? 0 : -1) : undefined}
              onClick={(event) => onClick(event, tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                "inline-flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-center font-medium text-sm transition-colors hover:text-foreground sm:px-4",
                selected && "bg-background text-foreground shadow-sm",
                focusRing,
              )}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.value}
          role="tabpanel"
          id={`${id}-panel-${tab.value}`}
          aria-labelledby={`${id}-tab-${tab.value}`}
          hidden={tab.value !== value}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs pattern: a panel without focusable content takes focus
          tabIndex={0}
          className={cn("rounded-md", focusRing)}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
