import { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Popover(props: ComponentProps<typeof PopoverPrimitive.Root>) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

export function PopoverTrigger(props: ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

export function PopoverContent({
  className,
  align = "center",
  sideOffset = 4,
  fit = false,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content> & {
  /** Size to the content with no padding (a calendar) instead of a padded 18rem panel. */
  fit?: boolean;
}) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 max-w-[calc(100vw-1rem)] origin-(--radix-popover-content-transform-origin) rounded-md border border-border bg-popover text-popover-foreground shadow-md outline-hidden",
          fit ? "w-auto p-0" : "w-72 p-4",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
