import { ChevronDownIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import { fieldStyles } from "./focus-ring";

type NativeSelectProps = ComponentProps<"select"> & {
  /** Classes for the wrapper that positions the chevron (use it for width, e.g. `w-auto`). */
  wrapperClassName?: string;
};

/** A styled native `<select>`: works, posts and is keyboard accessible without JavaScript. */
export function NativeSelect({
  className,
  wrapperClassName,
  multiple,
  ...props
}: NativeSelectProps) {
  return (
    <div
      data-slot="native-select-wrapper"
      // Dimmed when the select is disabled, not when one of its options is: `has-disabled` also
      // matched a disabled placeholder option and dimmed the text under 4.5:1 (WCAG 1.4.3).
      className={cn("relative w-full has-[select:disabled]:opacity-60", wrapperClassName)}
    >
      <select
        data-slot="native-select"
        multiple={multiple}
        className={cn(
          "w-full min-w-0 cursor-pointer appearance-none rounded-md border border-input bg-background py-2 pr-10 pl-3 text-base text-foreground",
          multiple ? "h-auto min-h-24 pr-3" : "h-10",
          "disabled:cursor-not-allowed disabled:bg-muted",
          fieldStyles,
          className,
        )}
        {...props}
      />
      {multiple ? null : (
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      )}
    </div>
  );
}

export function NativeSelectOption(props: ComponentProps<"option">) {
  return <option data-slot="native-select-option" {...props} />;
}

/** One option a value, in the order given, each named by `label`: the select's RadioChoices. */
export function NativeSelectOptions<V extends string>({
  values,
  label,
}: {
  values: readonly V[];
  label: (value: V) => string;
}) {
  return values.map((value) => (
    <NativeSelectOption key={value} value={value}>
      {label(value)}
    </NativeSelectOption>
  ));
}
