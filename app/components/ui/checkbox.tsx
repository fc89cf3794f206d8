import { CheckIcon, MinusIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

const boxClassName = cn(
  "size-5 shrink-0 cursor-pointer rounded-sm border-2 border-muted-foreground bg-background text-primary-foreground transition-colors",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
  focusRing,
);

/**
 * Radix checkbox (a `<button role="checkbox">`). It only changes and posts its value with
 * JavaScript; in forms that must work without JavaScript use `NativeCheckbox`.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        "peer group inline-flex items-center justify-center",
        boxClassName,
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="flex items-center justify-center text-current"
      >
        <CheckIcon
          aria-hidden="true"
          strokeWidth={3}
          className="size-3.5 group-data-[state=indeterminate]:hidden"
        />
        <MinusIcon
          aria-hidden="true"
          strokeWidth={3}
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export type NativeCheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper span (position/margin); `className` styles the input itself. */
  wrapperClassName?: string;
};

/** A styled `<input type="checkbox">` that looks like `Checkbox` and works without JavaScript. */
export function NativeCheckbox({ className, wrapperClassName, ...props }: NativeCheckboxProps) {
  return (
    <span
      data-slot="native-checkbox"
      className={cn("relative inline-flex size-5 shrink-0", wrapperClassName)}
    >
      <input
        type="checkbox"
        className={cn(
          "peer m-0 appearance-none",
          boxClassName,
          "checked:border-primary checked:bg-primary",
          className,
        )}
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
