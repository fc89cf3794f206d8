import { cva } from "class-variance-authority";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { ModalPanel, modalDescriptionClassName, modalTitleClassName } from "./dialog";
import { slotted } from "./slotted";

export function Sheet(props: ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

const sheetVariants = cva(
  "fixed z-50 flex flex-col gap-4 overflow-y-auto overscroll-contain bg-background text-foreground shadow-lg outline-hidden motion-safe:transition-transform motion-safe:duration-300 motion-safe:ease-out",
  {
    variants: {
      side: {
        right: "inset-y-0 right-0 h-full w-full border-border border-l starting:translate-x-full",
        left: "inset-y-0 left-0 h-full w-full border-border border-r starting:-translate-x-full",
        top: "inset-x-0 top-0 max-h-[85dvh] rounded-b-xl border-border border-b starting:-translate-y-full",
        bottom:
          "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-xl border-border border-t pb-[env(safe-area-inset-bottom)] starting:translate-y-full",
      },
    },
    defaultVariants: { side: "right" },
  },
);

type SheetSide = "right" | "left" | "top" | "bottom";

type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> & {
  /** Edge the panel slides from; `bottom` is the mobile drawer (max 85% of the viewport high). */
  side?: SheetSide;
  /** Show the "X" close button in the corner (default true). */
  showCloseButton?: boolean;
  /** Largest width of a left or right panel from the `sm` breakpoint up. */
  width?: "default" | "wide";
};

export function SheetContent({
  className,
  children,
  side = "right",
  width = "default",
  onOpenAutoFocus = focusTitle,
  ...props
}: SheetContentProps) {
  const sideWidth =
    side === "left" || side === "right"
      ? width === "wide"
        ? "sm:max-w-2xl"
        : "sm:max-w-md"
      : undefined;
  return (
    <ModalPanel
      kind="sheet"
      data-side={side}
      className={cn(sheetVariants({ side }), sideWidth, className)}
      onOpenAutoFocus={onOpenAutoFocus}
      {...props}
    >
      {side === "bottom" ? (
        // A visual grab handle so the panel reads as a drawer; it is not interactive.
        <div
          aria-hidden="true"
          className="mx-auto mt-2 h-1.5 w-12 shrink-0 rounded-full bg-border"
        />
      ) : null}
      {children}
    </ModalPanel>
  );
}

/**
 * A drawer opens on its title, not on its first control (which may be "Cancel referral"): a
 * destructive action is never one key press away, a screen reader starts at the heading, and Tab
 * goes on into the drawer (docs/architecture.md §4). Radix would focus the first control.
 */
function focusTitle(event: Event) {
  const content = event.target instanceof HTMLElement ? event.target : null;
  const title = content?.querySelector<HTMLElement>('[data-slot="sheet-title"]');
  if (!title) return;
  event.preventDefault();
  title.focus();
}

export const SheetHeader = slotted("div", "sheet-header", "flex flex-col gap-1.5 p-6 pr-14 pb-0");

export const SheetBody = slotted("div", "sheet-body", "flex-1 px-6");

export const SheetFooter = slotted(
  "div",
  "sheet-footer",
  "mt-auto flex flex-col-reverse gap-2 border-border border-t p-6 sm:flex-row sm:justify-end",
);

/** Focusable by script only (tabIndex -1): the drawer places focus here when it opens. */
const SlottedTitle = slotted(SheetPrimitive.Title, "sheet-title", modalTitleClassName);
export function SheetTitle({ className, ...props }: ComponentProps<typeof SlottedTitle>) {
  return <SlottedTitle tabIndex={-1} className={cn("outline-none", className)} {...props} />;
}

export const SheetDescription = slotted(
  SheetPrimitive.Description,
  "sheet-description",
  modalDescriptionClassName,
);
