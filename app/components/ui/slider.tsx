import { Slider as SliderPrimitive } from "radix-ui";
import { type ComponentProps, useState } from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";

export type SliderProps = Omit<ComponentProps<typeof SliderPrimitive.Root>, "aria-label"> & {
  /** Accessible name for a single thumb, or for every thumb when `thumbLabels` is not given. */
  label?: string;
  /** One accessible name per thumb, e.g. `["Minimum", "Maximum"]` for a range. */
  thumbLabels?: string[];
  /** Spoken value for a thumb (`aria-valuetext`), e.g. `(v) => \`${v} out of 10\``. */
  formatValue?: (value: number) => string;
};

/** Radix slider. Each thumb is a `role="slider"` element named from `label` / `thumbLabels`. */
export function Slider({
  className,
  label,
  thumbLabels,
  formatValue,
  value,
  defaultValue,
  onValueChange,
  min = 0,
  max = 100,
  ...props
}: SliderProps) {
  // Mirrors the values so thumbs can be rendered (and spoken) when the slider is uncontrolled.
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? [min]);
  const values = value ?? uncontrolled;

  return (
    <SliderPrimitive.Root
      data-slot="slider"
      value={value}
      defaultValue={defaultValue}
      onValueChange={(next) => {
        if (value === undefined) setUncontrolled(next);
        onValueChange?.(next);
      }}
      min={min}
      max={max}
      className={cn(
        "relative flex w-full touch-none select-none items-center data-[orientation=vertical]:h-full data-[orientation=vertical]:min-h-44 data-[orientation=vertical]:w-auto data-[orientation=vertical]:flex-col data-disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        data-slot="slider-track"
        className="relative grow overflow-hidden rounded-full bg-muted data-[orientation=horizontal]:h-2 data-[orientation=vertical]:w-2"
      >
        <SliderPrimitive.Range
          data-slot="slider-range"
          className="absolute bg-primary data-[orientation=horizontal]:h-full data-[orientation=vertical]:w-full"
        />
      </SliderPrimitive.Track>
      {values.map((thumbValue, index) => (
        <SliderPrimitive.Thumb
          data-slot="slider-thumb"
          key={index}
          aria-label={thumbLabels?.[index] ?? label}
          aria-valuetext={formatValue?.(thumbValue)}
          className={cn(
            "block size-5 shrink-0 cursor-grab rounded-full border-2 border-primary bg-background shadow-sm transition-colors hover:bg-accent active:cursor-grabbing data-disabled:cursor-not-allowed",
            focusRing,
          )}
        />
      ))}
    </SliderPrimitive.Root>
  );
}
