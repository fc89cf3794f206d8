import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";
import { revealFocusedThen, useReturnFocus } from "./reveal-focus";
import { slotted } from "./slotted";

export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

/** Dimmed backdrop; fades in where the browser supports `@starting-style`. */
export const overlayClassName =
  "fixed inset-0 z-50 bg-foreground/60 motion-safe:transition-opacity motion-safe:duration-200 starting:opacity-0";

/** The centred panel of a dialog or alert dialog; it scrolls when its content is taller than the screen. */
export const centredPanelClassName = cn(
  "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 text-foreground shadow-lg",
  "outline-hidden motion-safe:transition-[opacity,scale] motion-safe:duration-200 starting:scale-95 starting:opacity-0",
);

/** A modal's title, description and button row look the same in dialogs, alert dialogs and sheets. */
export const modalTitleClassName = "font-semibold text-lg leading-tight";
export const modalDescriptionClassName = "text-muted-foreground text-sm";
export const modalFooterClassName = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";

/** The round "X" in the top-right corner of dialogs and sheets, labelled "Close" for screen readers. */
function CloseIconButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className={cn(
        "absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground",
        focusRing,
        className,
      )}
      {...props}
    >
      <XIcon aria-hidden="true" className="size-5" />
      <span className="sr-only">Close</span>
    </button>
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Show the "X" close button in the corner (default true). */
  showCloseButton?: boolean;
};

/**
 * The panel of a dialog or a sheet (both Radix dialogs) in its portal over the dimmed page, its
 * parts named after `kind`: focus moved inside is scrolled into view, and goes back where it came
 * from when the panel closes; the "X" in the corner unless `showCloseButton` is false.
 */
export function ModalPanel({
  kind,
  children,
  showCloseButton = true,
  onFocus,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps & { kind: "dialog" | "sheet" }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal data-slot={`${kind}-portal`}>
      <DialogPrimitive.Overlay data-slot={`${kind}-overlay`} className={overlayClassName} />
      <DialogPrimitive.Content
        data-slot={`${kind}-content`}
        onFocus={revealFocusedThen(onFocus)}
        {...returnFocus}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close asChild>
            <CloseIconButton />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: DialogContentProps) {
  return <ModalPanel kind="dialog" className={cn(centredPanelClassName, className)} {...props} />;
}

export const DialogHeader = slotted("div", "dialog-header", "flex flex-col gap-2 pr-8 text-left");

export const DialogFooter = slotted("div", "dialog-footer", modalFooterClassName);

export const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", modalTitleClassName);

export const DialogDescription = slotted(
  DialogPrimitive.Description,
  "dialog-description",
  modalDescriptionClassName,
);
