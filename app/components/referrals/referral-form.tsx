import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { CheckboxField } from "~/components/checkbox-field.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { REFERRAL_TEXT_MAX } from "~/domain/referrals/referral-input.ts";
import { REFERRAL_PHONE_HINT } from "~/lib/phone-hint.ts";

type FieldState = { errors?: string[]; initialValue?: unknown } | undefined;

/**
 * The frame both referral forms share: the way back, the heading, what happens next, what the
 * referral will cost, the GOV.UK error summary, and the form itself, posted to the page's action
 * (and checked in the browser too when JavaScript runs).
 */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's fields.
export function ReferralFormPage<Fields extends Record<string, any>>({
  title,
  intro,
  costText,
  errors,
  form,
  children,
}: {
  title: string;
  intro: ReactNode;
  costText: string;
  errors: { id: string; message: string }[];
  form: FormMetadata<Fields, string[]>;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/employer-dashboard"
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Back to Dashboard
      </Link>
      <h1 className="mt-3 font-semibold text-3xl tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <p
        className="mt-3 rounded-lg bg-accent p-3 text-accent-foreground text-sm"
        data-testid="referral-cost"
      >
        {costText}
      </p>
      {errors.length > 0 ? <ErrorSummary errors={errors} className="mt-6" /> : null}
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="mt-6 space-y-6 rounded-xl border bg-card p-6"
      >
        <OrganisationField />
        {children}
      </Form>
    </div>
  );
}

/**
 * Who is referred: name, the e-mail address the invitation goes to, and the optional mobile for a
 * doctor to reach them after an urgent answer. `prefix` names the controls (employeeName,
 * candidateEmail, …) and `who` heads their labels.
 */
export function ReferralPersonFields({
  prefix,
  who,
  fields,
}: {
  prefix: "employee" | "candidate";
  who: "Employee" | "Candidate";
  fields: Record<string, FieldState>;
}) {
  const name = `${prefix}Name`;
  const email = `${prefix}Email`;
  const phone = `${prefix}Phone`;
  return (
    <>
      <FormField id={name} label={`${who} name`} error={fields[name]?.errors}>
        <Input
          name={name}
          autoComplete="off"
          defaultValue={stringValue(fields[name]?.initialValue)}
          maxLength={200}
        />
      </FormField>
      <FormField
        id={email}
        label={`${who} email address`}
        hint="The invitation goes to this address."
        error={fields[email]?.errors}
      >
        <Input
          name={email}
          type="email"
          autoComplete="off"
          defaultValue={stringValue(fields[email]?.initialValue)}
        />
      </FormField>
      <FormField
        id={phone}
        label={`${who} mobile number`}
        optional
        hint={REFERRAL_PHONE_HINT}
        error={fields[phone]?.errors}
      >
        <Input
          name={phone}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={30}
          defaultValue={stringValue(fields[phone]?.initialValue)}
          className="max-w-xs"
        />
      </FormField>
    </>
  );
}

/**
 * A free-text answer the doctor reads (reason, job details, notes). The control's id and name are
 * the field's name, so the error summary links to it.
 */
export function ReferralTextField({
  field,
  label,
  hint,
  optional,
  rows,
  maxLength = REFERRAL_TEXT_MAX,
}: {
  field: { name: string; errors?: string[]; initialValue?: unknown };
  label: string;
  hint?: string;
  optional?: boolean;
  rows: number;
  /** The schema's limit for this answer; most answers share REFERRAL_TEXT_MAX. */
  maxLength?: number;
}) {
  return (
    <FormField id={field.name} label={label} hint={hint} optional={optional} error={field.errors}>
      <Textarea
        name={field.name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={stringValue(field.initialValue)}
      />
    </FormField>
  );
}

/** A group of tick boxes, each sent as `name=on` when ticked. */
export function ReferralChecklist({
  id,
  legend,
  hint,
  options,
}: {
  id: string;
  legend: string;
  hint: string;
  options: { name: string; label: string; checked: boolean }[];
}) {
  return (
    <FormFieldset id={id} legend={legend} hint={hint}>
      <div className="space-y-3">
        {options.map((option) => (
          <CheckboxField
            key={option.name}
            id={option.name}
            name={option.name}
            label={option.label}
            defaultChecked={option.checked}
          />
        ))}
      </div>
    </FormFieldset>
  );
}

/** The form's buttons: the page's own (submit, save), then the way out without sending. */
export function ReferralFormActions({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-3">
      {children}
      <Button asChild variant="ghost">
        <Link to="/employer-dashboard">Cancel</Link>
      </Button>
    </div>
  );
}

/** A field's starting text: what was sent or saved, or empty. */
export function stringValue(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
