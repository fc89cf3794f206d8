import type { ComponentProps, ElementType } from "react";
import { cn } from "~/lib/cn";

/**
 * A design-system part that only names its slot and adds its classes to an element or a Radix
 * part: most of the primitives' sub-parts (headers, titles, footers, table cells) are exactly that,
 * so they are declared with this instead of a function each.
 */
export function slotted<C extends ElementType>(Component: C, slot: string, classes: string) {
  function Slotted({ className, ...props }: ComponentProps<C>) {
    const Element = Component as ElementType;
    return <Element data-slot={slot} className={cn(classes, className)} {...props} />;
  }
  Slotted.displayName = slot;
  return Slotted;
}
