import type { ComponentProps } from "react";
import { FormFieldset } from "~/components/ui/form-field";
import { NativeRadio } from "~/components/ui/native-radio";
import { cn } from "~/lib/cn";

/**
 * One radio button per value, each inside its own label so the words are a target too (a label
 * may run to several lines, the button level with its first); the one given is checked. Named
 * `${name}-${value}`.
 */
export function RadioChoices<V extends string>({
  name,
  values,
  checked,
  label,
  columns = 1,
  invalid = false,
  accessibleName,
}: {
  name: string;
  values: readonly V[];
  checked: string | undefined;
  label: (value: V) => string;
  /** Short choices sit two or three to a row at wide widths, or side by side ("inline"). */
  columns?: 1 | 2 | 3 | "inline";
  /** The group was refused: each button says so to assistive technology. */
  invalid?: boolean;
  /** A button's own name, where its label alone would not tell it from another group's. */
  accessibleName?: (value: V) => string;
}) {
  return (
    <div
      className={cn(
        columns === "inline" ? "flex flex-col gap-2 sm:flex-row sm:gap-6" : "grid",
        columns === 1 && "gap-3",
        (columns === 2 || columns === 3) && "gap-2",
        columns === 2 && "sm:grid-cols-2",
        columns === 3 && "sm:grid-cols-3",
      )}
    >
      {values.map((value) => (
        <label
          key={value}
          htmlFor={`${name}-${value}`}
          className="flex cursor-pointer items-start gap-3 leading-snug"
        >
          <NativeRadio
            id={`${name}-${value}`}
            name={name}
            value={value}
            defaultChecked={checked === value}
            aria-invalid={invalid ? true : undefined}
            aria-label={accessibleName?.(value)}
            wrapperClassName="mt-0.5"
          />
          {label(value)}
        </label>
      ))}
    </div>
  );
}

/**
 * A question answered with one choice: its fieldset, legend, hint and error around RadioChoices,
 * named alike so an error summary links to it.
 */
export function RadioFieldset<V extends string>({
  name,
  values,
  checked,
  label,
  columns,
  ...fieldset
}: Omit<ComponentProps<typeof FormFieldset>, "id" | "children"> &
  Omit<ComponentProps<typeof RadioChoices<V>>, "invalid" | "accessibleName">) {
  const choices = { name, values, checked, label, columns };
  return (
    <FormFieldset id={name} {...fieldset}>
      <RadioChoices {...choices} invalid={Boolean(fieldset.error)} />
    </FormFieldset>
  );
}
