import type { AnswerEvidence } from "~/domain/doctor/get-doctor-case.server.ts";
import { doctorStatements } from "~/domain/doctor/report-from-draft.ts";
import type { DraftStatement } from "~/domain/reports/drafter.ts";
import { answerAnchor } from "./case-panel.tsx";

/**
 * The evidence beside one field of the report, for the doctor only: the drafter's notes that are
 * not for the employer (each once), then the answers they rest on. An answer's text stands once
 * on the page, in the case panel's transcript; here each is a link to it, so the same answers are
 * not printed again under every field (nor quoted again by a note). Folded by default so the form stays short; text is
 * rendered as text, never as HTML.
 */
export function FieldEvidence({
  statements,
  answers,
}: {
  statements: readonly DraftStatement[] | undefined;
  answers: Record<string, AnswerEvidence>;
}) {
  const notes = [
    ...new Set(
      doctorStatements(statements)
        .map((s) => withoutQuotedAnswers(s, answers))
        .filter((text) => text.trim().length > 0),
    ),
  ];
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
          <ul className="list-disc space-y-1.5 pl-5" aria-label="Notes from the draft">
            {notes.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : null}
        {fromReferral ? (
          <p className="text-muted-foreground text-xs">
            Part of this rests on the employer's referral.
          </p>
        ) : null}
        {cited.length > 0 ? (
          <div className="text-xs">
            <p className="text-muted-foreground">Rests on these answers, in the case panel:</p>
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {cited.map((a) => (
                <li key={a.linkId}>
                  <a
                    href={`#${answerAnchor(a.linkId)}`}
                    className="inline-block max-w-[18rem] truncate rounded border bg-background px-2 py-0.5 text-primary underline-offset-2 hover:underline"
                    title={a.question}
                  >
                    {a.question}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/**
 * A note quoting an answer it rests on (“In their words: …”, response-view.ts `quote`) would print
 * that answer a second time: the quotation gives way to a pointer to the linked answer.
 */
export function withoutQuotedAnswers(
  statement: DraftStatement,
  answers: Record<string, AnswerEvidence>,
): string {
  const flat = (t: string) => t.replace(/\s+/g, " ").trim();
  const sources = statement.basis
    .map((id) => answers[id])
    .filter((a): a is AnswerEvidence => a !== undefined)
    .map((a) => flat(a.answer));
  return statement.text.replace(/“([^”]*)”/g, (quoted, inner: string) => {
    const q = flat(inner).replace(/…$/, "").trimEnd();
    return q.length > 0 && sources.some((a) => a.startsWith(q))
      ? "(their answer, linked below)"
      : quoted;
  });
}
