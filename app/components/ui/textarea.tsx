import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { fieldStyles } from "./focus-ring";

export function Textarea({ className, rows = 5, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        "flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground",
        "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
        fieldStyles,
        className,
      )}
      {...props}
    />
  );
}
