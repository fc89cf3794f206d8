import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { focusRing } from "~/components/ui/focus-ring";
import { cn } from "~/lib/cn";

interface LightTab {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs (arrow keys, Home/End, automatic activation) in a few hundred bytes, for public
 * pages where the Radix primitive's extra JavaScript would count against the page budget. Every
 * panel is server-rendered; inactive ones carry `hidden`.
 */
export function LightTabs({
  label,
  tabs,
  defaultValue,
  value: controlled,
  onValueChange,
  className,
  listClassName,
}: {
  label: string;
  tabs: readonly LightTab[];
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  listClassName?: string;
}) {
  const id = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? tabs[0]?.value);
  const value = controlled ?? uncontrolled;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(next: string) {
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
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
    select(tabs[target]!.value);
    refs.current[target]?.focus();
  }

  return (
    <div className={cn("flex flex-col gap-6", className)}>
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
            <button
              key={tab.value}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-controls={`${id}-panel-${tab.value}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                "inline-flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-center font-medium text-sm transition-colors hover:text-foreground sm:px-4",
                selected && "bg-background text-foreground shadow-sm",
                focusRing,
              )}
            >
              {tab.label}
            </button>
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
