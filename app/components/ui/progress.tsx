import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

type ProgressRootProps = Omit<ComponentProps<typeof ProgressPrimitive.Root>, "aria-label">;

/** A progress bar must be named: pass `label`, or `aria-labelledby` pointing at visible text. */
type ProgressProps = ProgressRootProps &
  (
    | { label: string; "aria-labelledby"?: string }
    | { label?: undefined; "aria-labelledby": string }
  ) & {
    indicatorClassName?: string;
  };

/**
 * `value` null means indeterminate. Screen readers hear the percentage; pass `getValueLabel`
 * for other wording (e.g. "Step 2 of 5").
 */
export function Progress({
  className,
  indicatorClassName,
  label,
  value,
  max = 100,
  ...props
}: ProgressProps) {
  const percent = value == null ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={value}
      max={max}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-muted", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          "h-full bg-primary motion-safe:transition-[width] motion-safe:duration-300",
          percent == null && "w-1/3 motion-safe:animate-pulse",
          indicatorClassName,
        )}
        style={percent == null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
