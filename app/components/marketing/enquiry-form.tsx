import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode, Ref } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { type EnquiryOutcome, EnquiryOutcomeMessage } from "./enquiry-outcome.tsx";

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
