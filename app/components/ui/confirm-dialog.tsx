import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";

/**
 * The confirmation before a destructive or far-reaching action: a question, what it will do, a
 * way back (focused first), and the page's own control that does it. That control is a plain
 * submit button in a form, not Radix's Action, which closes (unmounts) the dialog on click,
 * before the browser submits the form.
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  details,
  cancelLabel,
  children,
}: {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** Given when the page opens or closes the dialog itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Said under the description: what the action returns or keeps. */
  details?: ReactNode;
  cancelLabel: string;
  /** What confirms: a form with its submit button. */
  children: ReactNode;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          {details}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          {children}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
