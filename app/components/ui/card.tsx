import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { slotted } from "./slotted";

export const Card = slotted(
  "div",
  "card",
  "flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-xs",
);

export const CardHeader = slotted(
  "div",
  "card-header",
  "grid auto-rows-min grid-rows-[auto_auto] items-start gap-1.5 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto]",
);

type CardTitleProps = ComponentProps<"h3"> & {
  /** Render the child element instead, e.g. `<CardTitle asChild><h2>…</h2></CardTitle>` to fix the heading level. */
  asChild?: boolean;
};

/** An `<h3>` by default; use `asChild` to pick the level that fits the page outline. */
export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot.Root : "h3";
  return (
    <Comp
      data-slot="card-title"
      className={cn("font-semibold text-lg leading-tight", className)}
      {...props}
    />
  );
}

/** The title of a card that is a section of the page: the section's heading, an `<h2>`. */
export function CardHeading(props: ComponentProps<"h2">) {
  return (
    <CardTitle asChild>
      <h2 {...props} />
    </CardTitle>
  );
}

export const CardDescription = slotted("p", "card-description", "text-muted-foreground text-sm");

export const CardContent = slotted("div", "card-content", "px-6");

export const CardFooter = slotted("div", "card-footer", "flex items-center gap-2 px-6");
