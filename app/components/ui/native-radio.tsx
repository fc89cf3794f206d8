import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

const circleClassName = cn(
  "size-5 shrink-0 cursor-pointer rounded-full border-2 border-muted-foreground bg-background transition-colors",
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
  focusRing,
);

type NativeRadioProps = Omit<ComponentProps<"input">, "type"> & {
  /** Classes for the wrapper span (position/margin); `className` styles the input itself. */
  wrapperClassName?: string;
};

/** A styled `<input type="radio">`: a native control, so it works without JavaScript. */
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
