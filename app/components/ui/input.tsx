import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { fieldStyles } from "./focus-ring";

export const inputClassName = cn(
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground",
  "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
  "file:mr-3 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm",
  fieldStyles,
);

/** Text-like `<input>`. Text is 16 px so iOS does not zoom on focus. */
export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input data-slot="input" type={type} className={cn(inputClassName, className)} {...props} />
  );
}
