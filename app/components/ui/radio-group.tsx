import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

const circleClassName = cn(
  "size-5 shrink-0 cursor-pointer rounded-full border-2 border-muted-foreground bg-background transition-colors",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
  focusRing,
);

/**
 * Radix radio group (roving focus, arrow keys). It only changes and posts its value with
 * JavaScript; in forms that must work without JavaScript use `NativeRadio` inside a fieldset.
 */
export function RadioGroup({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      className={cn("grid gap-3", className)}
      {...props}
    />
  );
}

export function RadioGroupItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        "peer inline-flex items-center justify-center data-[state=checked]:border-primary",
        circleClassName,
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="flex items-center justify-center"
      >
        <span className="size-2.5 rounded-full bg-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

export type NativeRadioProps = Omit<ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper span (position/margin); `className` styles the input itself. */
  wrapperClassName?: string;
};

/** A styled `<input type="radio">` that looks like `RadioGroupItem` and works without JavaScript. */
export function NativeRadio({ className, wrapperClassName, ...props }: NativeRadioProps) {
  return (
    <span
      data-slot="native-radio"
      className={cn("relative inline-flex size-5 shrink-0", wrapperClassName)}
    >
      <input
        type="radio"
        className={cn(
          "peer m-0 appearance-none checked:border-primary",
          circleClassName,
          className,
        )}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto size-2.5 rounded-full bg-primary opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
