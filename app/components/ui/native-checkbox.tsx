import { CheckIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

const boxClassName = cn(
  "size-5 shrink-0 cursor-pointer rounded-sm border-2 border-muted-foreground bg-background text-primary-foreground transition-colors",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
  focusRing,
);

type NativeCheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper span (position/margin); `className` styles the input itself. */
  wrapperClassName?: string;
};

/** A styled `<input type="checkbox">`: a native control, so it works without JavaScript. */
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
