import type { VariantProps } from "class-variance-authority";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import {
  centredPanelClassName,
  modalDescriptionClassName,
  modalFooterClassName,
  modalTitleClassName,
  overlayClassName,
} from "./dialog";
import { revealFocusedThen, useReturnFocus } from "./reveal-focus";
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
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(centredPanelClassName, className)}
        onFocus={revealFocusedThen(onFocus)}
        {...returnFocus}
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

export const AlertDialogFooter = slotted("div", "alert-dialog-footer", modalFooterClassName);

export const AlertDialogTitle = slotted(
  AlertDialogPrimitive.Title,
  "alert-dialog-title",
  modalTitleClassName,
);

export const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  "alert-dialog-description",
  modalDescriptionClassName,
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
