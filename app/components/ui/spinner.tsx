import { LoaderCircleIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

type SpinnerProps = Omit<ComponentProps<"span">, "children"> & {
  /** What is loading; read by screen readers (default "Loading"). */
  label?: string;
  /** Also show the label next to the icon. */
  showLabel?: boolean;
  size?: "sm" | "default" | "lg";
};

const iconSize = { sm: "size-4", default: "size-5", lg: "size-8" } as const;

/** A loading indicator in a `role="status"` live region, so its label is announced. */
export function Spinner({
  className,
  label = "Loading",
  showLabel = false,
  size = "default",
  ...props
}: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn("inline-flex items-center gap-2 text-muted-foreground text-sm", className)}
      {...props}
    >
      <LoaderCircleIcon
        aria-hidden="true"
        className={cn("animate-spin motion-reduce:animate-none", iconSize[size])}
      />
      <span className={showLabel ? undefined : "sr-only"}>{label}</span>
    </span>
  );
}
