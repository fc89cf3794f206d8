import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Form, type FormProps } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";

/**
 * One of the forms of a page whose action does several things: it posts its `intent`, which the
 * action reads to pick the schema that parses the rest. Conform checks it in the browser with
 * the same schema; without JavaScript it is sent as it is and the server's answer shows the errors.
 */
export function IntentForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  children,
  ...props
}: {
  form: FormMetadata<Fields, string[]>;
  intent: string;
} & Omit<FormProps, "method" | "id" | "onSubmit" | "noValidate">) {
  return (
    <Form method="post" {...getFormProps(form)} noValidate {...props}>
      <OrganisationField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
