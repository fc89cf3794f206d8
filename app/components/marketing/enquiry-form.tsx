import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ReactNode, type Ref, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  type FormValidator,
  sentFormView,
  useValidatedForm,
} from "~/components/forms/use-validated-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import {
  type EnquiryOutcome,
  EnquiryOutcomeMessage,
  useEnquiryOutcomeToast,
} from "./enquiry-outcome.tsx";

/**
 * An enquiry page's form: its fields, shown with errors once sent (sentFormView), the outcome's
 * toast, and whether this page's form is on its way. A success empties the form, then `onSent`
 * runs. `formProps` goes to EnquiryForm.
 *
 * The check in the browser (`loadValidator`, components/marketing/enquiry-validators.ts) is
 * loaded when the person first moves into the form, not with the page: it brings the schema
 * library, a fifth of the page's JavaScript (docs/architecture.md §7 budgets a public page's). A
 * form sent before it arrives is checked by the server, as it is without JavaScript.
 */
export function useEnquiryForm<Input extends Record<string, unknown>, Output>({
  id,
  loadValidator,
  action,
  actionData,
  controlIds,
  onSent,
  leavesPage = false,
}: {
  id: string;
  loadValidator: () => Promise<FormValidator<Input, Output>>;
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
  const [validate, setValidate] = useState<FormValidator<Input, Output>>();
  const loading = useRef(false);
  const loadCheck = () => {
    if (loading.current) return;
    loading.current = true;
    loadValidator().then(
      (loaded) => setValidate(() => loaded),
      // Offline or a new deployment's chunk names: the server still checks; try on next focus.
      () => {
        loading.current = false;
      },
    );
  };
  const { form, fields, summary } = sentFormView(
    useValidatedForm({ id, lastResult: actionData?.result, validate }),
    controlIds,
  );
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  return {
    fields,
    formProps: { action, form, formRef, outcome, summary, sending, onFocus: loadCheck },
  };
}

/**
 * A public enquiry form (contact, register interest): the last outcome, which the form names as
 * its description so a screen reader hears it with the form, the error summary, the page's fields,
 * then the button that sends it.
 */
// biome-ignore lint/suspicious/noExplicitAny: Conform's own bound for a form's fields.
export function EnquiryForm<Fields extends Record<string, any>>({
  action,
  form,
  formRef,
  outcome,
  summary,
  sending,
  onFocus,
  submitLabel,
  sendingLabel,
  children,
}: {
  /**
   * The page's own address, named rather than taken from the location: a pre-rendered page is
   * rendered at `<path>/`, and the form would post there (a second address for the page).
   */
  action: string;
  form: FormMetadata<Fields, string[]>;
  formRef: Ref<HTMLFormElement>;
  outcome: EnquiryOutcome | undefined;
  summary: { id: string; message: string }[];
  sending: boolean;
  /** Focus moving into the form (React's onFocus bubbles): the cue to load its check. */
  onFocus: () => void;
  submitLabel: string;
  sendingLabel: string;
  children: ReactNode;
}) {
  const outcomeId = `${form.id}-outcome`;
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      onFocus={onFocus}
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
