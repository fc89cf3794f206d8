import { NativeChoice, type NativeChoiceProps } from "./native-choice";

/** A styled `<input type="radio">`: a native control, so it works without JavaScript. */
export function NativeRadio(props: NativeChoiceProps) {
  return (
    <NativeChoice
      type="radio"
      shapeClassName="rounded-full"
      mark={
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 m-auto size-2.5 rounded-full bg-primary opacity-0 peer-checked:opacity-100"
        />
      }
      {...props}
    />
  );
}
