import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ReactNode, type Ref, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import {
  type EnquiryOutcome,
  EnquiryOutcomeMessage,
  useEnquiryOutcomeToast,
} from "./enquiry-outcome.tsx";

/**
 * An enquiry page's form: its fields, shown with errors once sent (useSentForm), the outcome's
 * toast, and whether this page's form is on its way. A success empties the form, then `onSent`
 * runs. `formProps` goes to EnquiryForm.
 */
export function useEnquiryForm<S extends z.ZodType>({
  id,
  schema,
  action,
  actionData,
  controlIds,
  onSent,
  leavesPage = false,
}: {
  id: string;
  schema: S;
  /** The page's own path: a submission elsewhere (the header's sign-out) is not this form's. */
  action: string;
  actionData: { outcome?: EnquiryOutcome; result?: SubmissionResult<string[]> } | undefined;
  /** Field name → the id of its control, in the order the page shows them. */
  controlIds: Record<string, string>;
  onSent?: () => void;
  leavesPage?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const outcome = actionData?.outcome;
  useEnquiryOutcomeToast(
    outcome,
    () => {
      formRef.current?.reset();
      onSent?.();
    },
    { leavesPage },
  );
  const { form, fields, summary } = useSentForm(
    { id, schema, lastResult: actionData?.result },
    controlIds,
  );
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  return { fields, formProps: { form, formRef, outcome, summary, sending } };
}

/**
 * A public enquiry form (contact, register interest): the last outcome, which the form names as
 * its description so a screen reader hears it with the form, the error summary, the page's fields,
 * then the button that sends it.
 */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's fields.
export function EnquiryForm<Fields extends Record<string, any>>({
  form,
  formRef,
  outcome,
  summary,
  sending,
  submitLabel,
  sendingLabel,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  formRef: Ref<HTMLFormElement>;
  outcome: EnquiryOutcome | undefined;
  summary: { id: string; message: string }[];
  sending: boolean;
  submitLabel: string;
  sendingLabel: string;
  children: ReactNode;
}) {
  const outcomeId = `${form.id}-outcome`;
  return (
    <Form
      ref={formRef}
      method="post"
      {...getFormProps(form)}
      noValidate
      className="mt-6 grid gap-6"
      aria-describedby={outcome ? outcomeId : undefined}
    >
      {outcome ? (
        <div id={outcomeId}>
          <EnquiryOutcomeMessage outcome={outcome} />
        </div>
      ) : null}
      <ErrorSummary errors={summary} />
      {children}
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-fit">
        {sending ? sendingLabel : submitLabel}
      </Button>
    </Form>
  );
}
