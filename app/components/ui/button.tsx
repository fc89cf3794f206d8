import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  // The base, with the shared focus ring, is the .ui-button rule in app.css: a list page repeats
  // it once per row.
  "ui-button",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
        secondary: "bg-secondary text-secondary-foreground hover:bg-border",
        outline:
          "border border-input bg-background text-foreground hover:bg-accent hover:text-accent-foreground",
        ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline underline-offset-4 hover:text-primary-hover hover:decoration-2",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outlineDestructive:
          "border border-input bg-background text-destructive hover:bg-destructive/10",
        ghostDestructive: "text-destructive hover:bg-destructive/10",
        /** On a dark band: a light button, and a light outline. */
        inverse: "bg-background text-foreground hover:bg-accent",
        inverseOutline:
          "border border-background bg-transparent text-background hover:bg-background/10",
      },
      size: {
        sm: "min-h-9 px-3 py-1.5 text-sm",
        default: "min-h-10 px-4 py-2 text-sm",
        lg: "min-h-12 px-6 py-2.5 text-base",
        icon: "size-10 text-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router `<Link>`) with the button styles instead of a `<button>`. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
