import type { ComponentProps, ReactNode } from "react";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

/** What the labelled frame (FormField) takes; the rest of a field's props go to its control. */
type FrameProps = {
  /** The control's id; the field's name when the page has no other control of that name. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** The messages to show; the field's own (Conform's) unless the page has others. */
  error?: ComponentProps<typeof FormField>["error"];
  className?: string;
  /** Conform's field: the control's name, the value last sent, shown again, and its errors. */
  field: { name: string; initialValue?: string; errors?: string[] };
};

/** Splits a field's props: the frame's, Conform's field, and the control's own. */
function frameOf<P extends FrameProps>({
  id,
  label,
  hint,
  optional,
  error,
  className,
  field,
  ...control
}: P) {
  return {
    frame: { id: id ?? field.name, label, hint, optional, error: error ?? field.errors, className },
    field,
    control,
  };
}

/** The control inside the frame, named after the Conform field and filled with what was sent. */
function framedControl<P extends FrameProps>(
  props: P,
  Control: (
    control: Omit<P, keyof FrameProps> & { name: string; defaultValue?: string },
  ) => ReactNode,
) {
  const { frame, field, control } = frameOf(props);
  return (
    <FormField {...frame}>
      <Control name={field.name} {...control} defaultValue={field.initialValue} />
    </FormField>
  );
}

type OwnProps = "id" | "name" | "defaultValue" | "className";

/**
 * A text box of a schema form (useSchemaForm): labelled in the GOV.UK pattern of FormField, named
 * after its Conform field and filled with what was last sent, so a form posted without
 * JavaScript comes back as it was typed.
 */
export function TextField(props: FrameProps & Omit<ComponentProps<typeof Input>, OwnProps>) {
  return framedControl(props, Input);
}

/** TextField's several-line kind, for a statement, a message or notes. */
export function TextAreaField(props: FrameProps & Omit<ComponentProps<typeof Textarea>, OwnProps>) {
  return framedControl(props, Textarea);
}

/** An e-mail address: the browser's e-mail keyboard, filled in by autocomplete, not spell-checked. */
export function EmailField(props: FrameProps & Omit<ComponentProps<typeof Input>, OwnProps>) {
  return framedControl(
    { type: "email", autoComplete: "email", spellCheck: false, ...props },
    Input,
  );
}
