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
    <PostIntentForm intent={intent} {...getFormProps(form)} noValidate {...props}>
      {children}
    </PostIntentForm>
  );
}

/**
 * IntentForm without a schema, for a form with nothing to type: a button that reminds, cancels or
 * buys, with at most hidden fields beside it.
 */
export function PostIntentForm({
  intent,
  children,
  ...props
}: { intent: string } & Omit<FormProps, "method">) {
  return (
    <Form method="post" {...props}>
      <OrganisationField />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
