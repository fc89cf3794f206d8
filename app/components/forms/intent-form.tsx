import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, type FormProps, Link, useNavigation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { Button } from "~/components/ui/button";

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

/**
 * The intent of this page's form on its way to the server, or null: on a page of several intent
 * forms, only the button of the form that was sent says so ("Sending...").
 */
export function useSubmittingIntent(): string | null {
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return typeof intent === "string" ? intent : null;
}

/** An intent and the hidden fields that go with it: the row's id, `confirm=yes` once asked. */
type IntentFields = { intent: string } & Record<string, string>;

function FieldsForm({
  fields: { intent, ...rest },
  children,
  ...props
}: { fields: IntentFields } & Omit<FormProps, "method">) {
  return (
    <PostIntentForm intent={intent} {...props}>
      {Object.entries(rest).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </PostIntentForm>
  );
}

/** A form of one small button beside a row: its intent, the row's id, and the like. */
export function OneButtonForm({
  fields,
  label,
  variant = "destructive",
  children,
}: {
  fields: IntentFields;
  /** The button's accessible name, where its text alone does not say which row it acts on. */
  label?: string;
  variant?: "destructive" | "outline";
  children: ReactNode;
}) {
  return (
    <FieldsForm fields={fields}>
      <Button type="submit" size="sm" variant={variant} aria-label={label}>
        {children}
      </Button>
    </FieldsForm>
  );
}

/**
 * The two answers to "are you sure?" asked by the page itself (it works without JavaScript): do
 * it, or go back to the page as it was.
 */
export function ConfirmButtons({ yes, size }: { yes: ReactNode; size?: "sm" }) {
  return (
    <>
      <Button type="submit" size={size} variant="destructive">
        {yes}
      </Button>
      <Button asChild size={size} variant="outline">
        <Link to=".">Cancel</Link>
      </Button>
    </>
  );
}

/** A destructive action asked first, in place of its button: the question, yes and cancel. */
export function ConfirmPanel({
  fields,
  question,
  yes,
}: {
  fields: IntentFields;
  question: ReactNode;
  yes: string;
}) {
  return (
    <FieldsForm
      fields={fields}
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive p-3"
    >
      <span className="font-medium text-sm">{question}</span>
      <ConfirmButtons yes={yes} size="sm" />
    </FieldsForm>
  );
}
