import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { slotted } from "./slotted";

const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border px-4 py-3 text-sm has-[>svg]:grid-cols-[calc(var(--spacing)*5)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-px [&>svg]:text-current",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        pending: "border-status-pending bg-status-pending-bg text-card-foreground",
        destructive:
          "border-destructive border-l-4 bg-background text-destructive *:data-[slot=alert-description]:text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type AlertProps = ComponentProps<"div"> & VariantProps<typeof alertVariants>;

/**
 * A message box. A leading lucide icon is laid out automatically. `destructive` gets
 * `role="alert"` so it is announced; pass `role` to override (e.g. `role="status"`).
 */
export function Alert({ className, variant, role, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      role={role ?? (variant === "destructive" ? "alert" : undefined)}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export const AlertTitle = slotted("div", "alert-title", "col-start-2 font-semibold leading-snug");

export const AlertDescription = slotted(
  "div",
  "alert-description",
  "col-start-2 grid justify-items-start gap-1 text-muted-foreground text-sm [&_p]:leading-relaxed",
);
