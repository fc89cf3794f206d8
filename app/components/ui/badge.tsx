import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const badgeVariants = cva(
  // The base is the .ui-badge rule in app.css (one class per badge in long lists).
  "ui-badge",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "border-border text-foreground",
        outlineDestructive: "border-destructive text-destructive",
        destructive: "border-transparent bg-destructive text-destructive-foreground",
        // Status colours are for referral/case status only (docs/architecture.md §3a).
        complete: "border-transparent bg-status-complete-bg text-status-complete",
        pending: "border-transparent bg-status-pending-bg text-status-pending",
        info: "border-transparent bg-status-other-bg text-status-other",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type BadgeProps = ComponentProps<"span"> &
  VariantProps<typeof badgeVariants> & { asChild?: boolean };

/** A short label. Status variants: `complete` (green), `pending` (amber), `info` (blue, any other state). */
export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return (
    <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
