import { cva, type VariantProps } from "class-variance-authority";
import { Label as LabelPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/* Size and weight are variants because classes are joined, not merged (app/lib/cn.ts). */
const labelVariants = cva(
  [
    "flex items-center gap-2 text-foreground leading-snug select-none",
    "peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:opacity-60",
  ],
  {
    variants: {
      size: { sm: "text-sm", base: "text-base" },
      weight: { medium: "font-medium", normal: "font-normal", semibold: "font-semibold" },
    },
    defaultVariants: { size: "sm", weight: "medium" },
  },
);

type LabelProps = ComponentProps<typeof LabelPrimitive.Root> & VariantProps<typeof labelVariants>;

export function Label({ className, size, weight, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(labelVariants({ size, weight }), className)}
      {...props}
    />
  );
}
