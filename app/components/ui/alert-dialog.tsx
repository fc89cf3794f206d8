import type { VariantProps } from "class-variance-authority";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { overlayClassName } from "./dialog";
import { revealFocused } from "./reveal-focus";
import { slotted } from "./slotted";

/** A modal that asks the user to confirm or cancel; it cannot be dismissed by clicking outside. */
export function AlertDialog(props: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <AlertDialogPrimitive.Root data-slot="alert-dialog" {...props} />;
}

export function AlertDialogTrigger(props: ComponentProps<typeof AlertDialogPrimitive.Trigger>) {
  return <AlertDialogPrimitive.Trigger data-slot="alert-dialog-trigger" {...props} />;
}

function AlertDialogPortal(props: ComponentProps<typeof AlertDialogPrimitive.Portal>) {
  return <AlertDialogPrimitive.Portal data-slot="alert-dialog-portal" {...props} />;
}

function AlertDialogOverlay({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Overlay>) {
  return (
    <AlertDialogPrimitive.Overlay
      data-slot="alert-dialog-overlay"
      className={cn(overlayClassName, className)}
      {...props}
    />
  );
}

export function AlertDialogContent({
  className,
  onFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 text-foreground shadow-lg",
          "outline-hidden motion-safe:transition-[opacity,scale] motion-safe:duration-200 starting:scale-95 starting:opacity-0",
          className,
        )}
        onFocus={(event) => {
          revealFocused(event);
          onFocus?.(event);
        }}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = slotted(
  "div",
  "alert-dialog-header",
  "flex flex-col gap-2 text-left",
);

export const AlertDialogFooter = slotted(
  "div",
  "alert-dialog-footer",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
);

export const AlertDialogTitle = slotted(
  AlertDialogPrimitive.Title,
  "alert-dialog-title",
  "font-semibold text-lg leading-tight",
);

export const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  "alert-dialog-description",
  "text-muted-foreground text-sm",
);

type ButtonStyleProps = VariantProps<typeof buttonVariants>;

/** The safe choice; Radix focuses it first when the dialog opens. */
export function AlertDialogCancel({
  className,
  variant = "outline",
  size = "default",
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel> & ButtonStyleProps) {
  return (
    <AlertDialogPrimitive.Cancel
      data-slot="alert-dialog-cancel"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
