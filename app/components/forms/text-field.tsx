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
  error: ComponentProps<typeof FormField>["error"];
  className?: string;
  /** Conform's field: the control's name, and the value last sent, shown again. */
  field: { name: string; initialValue?: string };
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
    frame: { id: id ?? field.name, label, hint, optional, error, className },
    field,
    control,
  };
}

/**
 * A text box of a schema form (useSchemaForm): labelled in the GOV.UK pattern of FormField, named
 * after its Conform field and filled with what was last sent, so a form posted without
 * JavaScript comes back as it was typed.
 */
export function TextField(
  props: FrameProps &
    Omit<ComponentProps<typeof Input>, "id" | "name" | "defaultValue" | "className">,
) {
  const { frame, field, control } = frameOf(props);
  return (
    <FormField {...frame}>
      <Input name={field.name} {...control} defaultValue={field.initialValue} />
    </FormField>
  );
}

/** TextField's several-line kind, for a statement, a message or notes. */
export function TextAreaField(
  props: FrameProps &
    Omit<ComponentProps<typeof Textarea>, "id" | "name" | "defaultValue" | "className">,
) {
  const { frame, field, control } = frameOf(props);
  return (
    <FormField {...frame}>
      <Textarea name={field.name} {...control} defaultValue={field.initialValue} />
    </FormField>
  );
}
