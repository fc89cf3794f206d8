import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export type VisuallyHiddenProps = ComponentProps<"span"> & {
  /** Render the child element instead of a `<span>`. */
  asChild?: boolean;
  /** Become visible while it (or something inside it) has focus, e.g. a "Skip to main content" link. */
  focusable?: boolean;
};

/** Hidden on screen, still read by screen readers (Tailwind `sr-only`). */
export function VisuallyHidden({
  className,
  asChild = false,
  focusable = false,
  ...props
}: VisuallyHiddenProps) {
  const Comp = asChild ? Slot.Root : "span";
  return (
    <Comp
      data-slot="visually-hidden"
      className={cn(
        "sr-only",
        focusable && "focus:not-sr-only focus-within:not-sr-only",
        className,
      )}
      {...props}
    />
  );
}
