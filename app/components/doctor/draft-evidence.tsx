import type { AnswerEvidence } from "~/domain/doctor/get-doctor-case.server.ts";
import type { DraftStatement } from "~/domain/reports/drafter.ts";

/**
 * A draft statement and the answers it rests on (question + answer), so the doctor can check
 * every claim before adopting it. Text is rendered as text, never as HTML.
 */
function StatementWithEvidence({
  statement,
  answers,
}: {
  statement: DraftStatement;
  answers: Record<string, AnswerEvidence>;
}) {
  const evidence = statement.basis.map((id) => answers[id]).filter((a) => a !== undefined);
  return (
    <li className="space-y-1.5">
      <p>{statement.text}</p>
      {statement.source === "referral" ? (
        <p className="text-muted-foreground text-xs">Rests on the employer's referral.</p>
      ) : evidence.length > 0 ? (
        <ul className="space-y-1 border-primary/30 border-l-2 pl-3 text-sm" aria-label="Answers">
          {evidence.map((a) => (
            <li key={a.linkId}>
              <span className="text-muted-foreground">{a.question}</span>{" "}
              <span className="font-medium">{a.answer}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-xs">No answer cited.</p>
      )}
    </li>
  );
}

export function StatementList({
  statements,
  answers,
}: {
  statements: readonly DraftStatement[] | undefined;
  answers: Record<string, AnswerEvidence>;
}) {
  if (!statements?.length) return null;
  return (
    <ul className="space-y-3">
      {statements.map((s, i) => (
        // Statements have no id; their order within a stored draft never changes.
        <StatementWithEvidence key={i} statement={s} answers={answers} />
      ))}
    </ul>
  );
}
