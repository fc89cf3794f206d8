import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { fieldStyles } from "./focus-ring";

/** The field's frame without a width or text size, for controls that choose their own. */
export const inputFrameClassName = cn(
  "flex h-10 min-w-0 rounded-md border border-input bg-background px-3 py-2 text-foreground",
  "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
  "file:mr-3 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm",
  fieldStyles,
);

export const inputClassName = cn(inputFrameClassName, "w-full text-base");

const dateFocus =
  "focus-within:border-ring focus-within:ring-3 focus-within:ring-ring focus-within:ring-offset-1 focus-within:ring-offset-background";

/**
 * Text-like `<input>`. Text is 16 px so iOS does not zoom on focus. Classes are joined, not
 * merged (app/lib/cn.ts): a different width or text size is chosen with `fieldWidth` and
 * `fieldText`, never by a conflicting class in `className`.
 */
export function Input({
  className,
  type = "text",
  fieldWidth = "w-full",
  fieldText = "text-base",
  ...props
}: ComponentProps<"input"> & { fieldWidth?: string; fieldText?: string }) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        inputFrameClassName,
        fieldWidth,
        fieldText,
        // Chromium's date field has a tab stop of its own on the calendar icon, where neither
        // :focus nor :focus-visible matches the field: the ring follows :focus-within, which
        // holds for every part.
        type === "date" ? dateFocus : undefined,
        className,
      )}
      {...props}
    />
  );
}
