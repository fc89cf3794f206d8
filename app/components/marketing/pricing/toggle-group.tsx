import { focusRing } from "~/components/ui/focus-ring";
import { cn } from "~/lib/cn";

/**
 * A small segmented control: a labelled group of pressed/unpressed buttons, one always pressed.
 * Given a `name`, each is a submit button of its form carrying its value, so the choice works
 * before and without JavaScript; once hydrated a click changes the value in place.
 */
export function ToggleGroup<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  name?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would not lay out as a segmented control
    <div
      role="group"
      aria-label={label}
      className={cn("inline-flex max-w-full flex-wrap rounded-lg bg-muted p-1", className)}
    >
      {options.map((option) => (
        <button
          key={option.value}
          type={name ? "submit" : "button"}
          name={name}
          value={name ? option.value : undefined}
          aria-pressed={option.value === value}
          onClick={(event) => {
            event.preventDefault();
            onChange(option.value);
          }}
          className={cn(
            "min-h-9 cursor-pointer rounded-md px-4 py-1 font-medium text-sm transition-colors hover:text-foreground",
            option.value === value
              ? "bg-background text-foreground shadow-sm"
              : "text-muted-foreground",
            focusRing,
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
