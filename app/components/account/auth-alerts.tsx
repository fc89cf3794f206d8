import { AlertCircleIcon, CheckCircle2Icon, type LucideIcon } from "lucide-react";
import { type ComponentProps, type FormEvent, type ReactNode, useState } from "react";
import { sentByPerson } from "~/components/forms/use-sent-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";

/** What went wrong with the last attempt, above a sign-in page's form. */
export function AuthProblem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthAlert variant="destructive" Icon={AlertCircleIcon} title={title}>
      {children}
    </AuthAlert>
  );
}

/** Good news above a sign-in page's form: a notice it was sent to, or what was just done. */
export function AuthNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthAlert role="status" Icon={CheckCircle2Icon} title={title}>
      {children}
    </AuthAlert>
  );
}

function AuthAlert({
  Icon,
  title,
  children,
  ...alert
}: ComponentProps<typeof Alert> & { Icon: LucideIcon; title: string }) {
  return (
    <Alert className="mb-6" {...alert}>
      <Icon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/**
 * A sign-in form's problem stays in view until the person edits the form, and shows again with
 * the next answer or when they send the form again. `formProps` go onto the form; `answer` is the
 * action's answer, whose arrival brings the problem back.
 */
export function useDismissibleProblem(
  answer: unknown,
  form: { onSubmit: (event: FormEvent<HTMLFormElement>) => void },
) {
  const [dismissed, setDismissed] = useState(false);
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    setDismissed(false);
  }
  return {
    dismissed,
    formProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        if (sentByPerson(event)) setDismissed(false);
        form.onSubmit(event);
      },
      onChange: () => setDismissed(true),
    },
  };
}
