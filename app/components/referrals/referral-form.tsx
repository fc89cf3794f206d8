import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { REFERRAL_PHONE_HINT } from "~/lib/phone-hint.ts";

/**
 * The frame both referral forms share: the way back, the heading, what happens next, what the
 * referral will cost, and the GOV.UK error summary above the form.
 */
export function ReferralFormPage({
  title,
  intro,
  costText,
  errors,
  children,
}: {
  title: string;
  intro: ReactNode;
  costText: string;
  errors: { id: string; message: string }[];
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
      {children}
    </div>
  );
}

/** The person's optional mobile, for a doctor to reach them after an urgent answer. */
export function ReferralPhoneField({
  name,
  label,
  field,
}: {
  name: string;
  label: string;
  field: { errors?: string[]; initialValue?: unknown } | undefined;
}) {
  return (
    <FormField id={name} label={label} optional hint={REFERRAL_PHONE_HINT} error={field?.errors}>
      <Input
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={30}
        defaultValue={stringValue(field?.initialValue)}
        className="max-w-xs"
      />
    </FormField>
  );
}

/** A field's starting text: what was sent or saved, or empty. */
export function stringValue(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
