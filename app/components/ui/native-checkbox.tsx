import { CheckIcon } from "lucide-react";
import { NativeChoice, type NativeChoiceProps } from "./native-choice";

/** A styled `<input type="checkbox">`: a native control, so it works without JavaScript. */
export function NativeCheckbox(props: NativeChoiceProps) {
  return (
    <NativeChoice
      type="checkbox"
      shapeClassName="rounded-sm text-primary-foreground checked:bg-primary"
      mark={
        <CheckIcon
          aria-hidden="true"
          strokeWidth={3}
          className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
        />
      }
      {...props}
    />
  );
}
