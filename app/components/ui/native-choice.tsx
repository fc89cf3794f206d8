import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

export type NativeChoiceProps = Omit<ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper span (position/margin); `className` styles the input itself. */
  wrapperClassName?: string;
};

/**
 * A checkbox or radio button that stays a native `<input>`, so it works without JavaScript and
 * keeps the browser's keyboard and form behaviour: its own look is cleared and redrawn as a box
 * or circle, with `mark` laid over it and shown once it is checked.
 */
export function NativeChoice({
  type,
  shapeClassName,
  mark,
  className,
  wrapperClassName,
  ...props
}: NativeChoiceProps & {
  type: "checkbox" | "radio";
  /** The box or circle: its corners, and how it fills when checked. */
  shapeClassName: string;
  /** Drawn over the input, hidden until checked (`peer-checked:opacity-100`). */
  mark: ReactNode;
}) {
  return (
    <span
      data-slot={`native-${type}`}
      className={cn("relative inline-flex size-5 shrink-0", wrapperClassName)}
    >
      <input
        type={type}
        className={cn(
          "peer m-0 size-5 shrink-0 cursor-pointer appearance-none border-2 border-muted-foreground bg-background transition-colors checked:border-primary",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
          focusRing,
          shapeClassName,
          className,
        )}
        {...props}
      />
      {mark}
    </span>
  );
}
