import { NativeCheckbox } from "~/components/ui/native-checkbox";

/** A no-JavaScript checkbox with its label beside it (the GOV.UK checkbox pattern). */
export function CheckboxField({
  id,
  name,
  label,
  hint,
  defaultChecked,
  invalid,
}: {
  id: string;
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  defaultChecked?: boolean;
  invalid?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <NativeCheckbox
        id={id}
        name={name}
        defaultChecked={defaultChecked}
        wrapperClassName="mt-0.5"
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-invalid={invalid ? true : undefined}
      />
      <div>
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-muted-foreground text-sm">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
