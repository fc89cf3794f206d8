import type { AnswerEvidence } from "~/domain/doctor/doctor-cases.server.ts";
import { doctorStatements } from "~/domain/doctor/report-from-draft.ts";
import type { DraftStatement } from "~/domain/reports/drafter.ts";

/**
 * The evidence beside one field of the report, for the doctor only: the drafter's notes that are
 * not for the employer, then every answer they and the pre-fill rest on, each answer once.
 * Folded by default so the form stays short; text is rendered as text, never as HTML.
 */
export function FieldEvidence({
  statements,
  answers,
}: {
  statements: readonly DraftStatement[] | undefined;
  answers: Record<string, AnswerEvidence>;
}) {
  const notes = doctorStatements(statements);
  const cited = [...new Set((statements ?? []).flatMap((s) => s.basis))]
    .map((id) => answers[id])
    .filter((a): a is AnswerEvidence => a !== undefined);
  const fromReferral = (statements ?? []).some((s) => s.source === "referral");
  if (notes.length === 0 && cited.length === 0 && !fromReferral)
    return (
      <p className="text-muted-foreground text-xs">No evidence from the draft for this field.</p>
    );
  return (
    <details className="group rounded-lg border bg-muted/40 text-sm">
      <summary className="cursor-pointer select-none rounded-lg px-3 py-2 font-medium text-muted-foreground text-xs uppercase tracking-wide hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
        Evidence for you only ({notes.length} {notes.length === 1 ? "note" : "notes"},{" "}
        {cited.length} {cited.length === 1 ? "answer" : "answers"})
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {notes.length > 0 ? (
          <ul className="space-y-1.5" aria-label="Notes from the draft">
            {notes.map((s, i) => (
              // Statements have no id; their order within a stored draft never changes.
              <li key={i}>{s.text}</li>
            ))}
          </ul>
        ) : null}
        {fromReferral ? (
          <p className="text-muted-foreground text-xs">
            Part of this rests on the employer's referral.
          </p>
        ) : null}
        {cited.length > 0 ? (
          <dl className="space-y-1 border-primary/30 border-l-2 pl-3" aria-label="Answers">
            {cited.map((a) => (
              <div key={a.linkId}>
                <dt className="text-muted-foreground">{a.question}</dt>
                <dd className="whitespace-pre-line font-medium">{a.answer}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </details>
  );
}
