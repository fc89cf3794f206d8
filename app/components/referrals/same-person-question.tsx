import { CheckboxField } from "~/components/checkbox-field.tsx";

/** What the referral forms' same-person question needs (`askIfSamePerson`). */
interface SamePersonQuestionData {
  name: string;
  reference: string;
  email: string;
}

/** The question a referral form's action asked, if it asked one. */
export function samePersonAsked(actionData: unknown): SamePersonQuestionData | null {
  return actionData && typeof actionData === "object" && "samePerson" in actionData
    ? (actionData.samePerson as SamePersonQuestionData)
    : null;
}

/** The error summary's entry for the question, linked to its box. */
export function samePersonSummary(question: SamePersonQuestionData | null | undefined) {
  return question
    ? [
        {
          id: "samePersonConfirmed",
          message: `Is this the same person as ${question.name} on ${question.reference}? Confirm it, or correct the email address.`,
        },
      ]
    : [];
}

/**
 * Asked when an earlier referral of the organisation uses the typed e-mail address under another
 * name (docs/architecture.md §4, "The person's history"): their cases are grouped by the address,
 * so the employer confirms it is the same person, or corrects the address. The address it was
 * asked about goes back with the answer, so a changed address is asked about again.
 */
export function SamePersonQuestion({
  question,
}: {
  question: SamePersonQuestionData | null | undefined;
}) {
  if (!question) return null;
  return (
    <div
      id="same-person"
      className="space-y-3 rounded-lg border border-status-pending border-l-4 bg-status-pending-bg p-4 text-card-foreground"
      data-testid="same-person-question"
    >
      <h2 className="font-semibold">
        Is this the same person as {question.name} on {question.reference}?
      </h2>
      <p className="text-sm">
        An earlier referral uses {question.email} for {question.name}. Referrals with the same email
        address are shown together as one person's history.
      </p>
      <input type="hidden" name="samePersonEmail" value={question.email} />
      <CheckboxField
        id="samePersonConfirmed"
        name="samePersonConfirmed"
        label={`Yes, this is the same person as ${question.name}`}
        hint="If not, correct the email address above and send the form again."
      />
    </div>
  );
}
