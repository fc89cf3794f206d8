import { ClipboardListIcon } from "lucide-react";
import { useEffect, useState } from "react";
import type { AnswerEvidence } from "~/domain/doctor/get-doctor-case.server.ts";
import { type QuestionKey, questionText } from "~/domain/referrals/management-questions.ts";

/** The id of an answer in the case panel, which evidence beside a field links to. */
export function answerAnchor(linkId: string): string {
  return `answer-${linkId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

interface CasePanelReferral {
  type: "management" | "pre_employment";
  reason: string | null;
  jobRole: string | null;
  jobDetails: string | null;
  existingAdjustments: string | null;
  drivingRequired: boolean | null;
  nightShifts: boolean | null;
  loneWorking: boolean | null;
  safetyCritical: boolean | null;
}

const RISKS = [
  ["drivingRequired", "Driving"],
  ["nightShifts", "Night shifts"],
  ["loneWorking", "Lone working"],
  ["safetyCritical", "Safety-critical duties"],
] as const;

/** Matches Tailwind's `lg` breakpoint, where the panel becomes a sticky column beside the form. */
const WIDE = "(min-width: 64rem)";

/**
 * The case beside the report editor, for the doctor only, each thing once: the employer's reason
 * and job details, the questions they asked (and which are still unanswered), and the person's
 * full set of answers. A sticky column at wide widths (open), a folded section above the form at
 * narrow ones; following an evidence link to an answer opens it.
 */
export function CasePanel({
  referral: r,
  questions,
  unanswered,
  answers,
}: {
  referral: CasePanelReferral;
  questions: readonly QuestionKey[];
  unanswered: readonly QuestionKey[];
  answers: Record<string, AnswerEvidence>;
}) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (window.matchMedia(WIDE).matches) setOpen(true);
    const onHash = () => {
      if (window.location.hash.startsWith("#answer-")) setOpen(true);
    };
    onHash();
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const list = Object.values(answers);
  const risks = RISKS.filter(([key]) => r[key]).map(([, label]) => label);

  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="group rounded-xl border bg-card"
      aria-label="The case"
    >
      <summary className="flex cursor-pointer select-none items-center gap-2 rounded-xl px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-ring">
        <ClipboardListIcon aria-hidden="true" className="size-5 text-primary" />
        The case: referral and answers
        <span className="ml-auto font-normal text-muted-foreground text-xs">
          {open ? "Hide" : "Show"}
        </span>
      </summary>
      <div className="space-y-5 border-t px-4 pt-3 pb-4 text-sm">
        <section aria-labelledby="case-referral-heading" className="space-y-2">
          <h2 id="case-referral-heading" className="font-semibold text-base">
            Referral
          </h2>
          <dl className="space-y-2">
            {r.type === "management" ? (
              <>
                <Row label="Reason for referral" value={r.reason} />
                <Row label="Job details" value={r.jobDetails} />
                <Row label="Existing adjustments" value={r.existingAdjustments} empty="None" />
              </>
            ) : (
              <>
                <Row label="Job role" value={r.jobRole} />
                <Row
                  label="Risk modules"
                  value={risks.length > 0 ? risks.join(", ") : null}
                  empty="None"
                />
              </>
            )}
          </dl>
        </section>

        {r.type === "management" ? (
          <section aria-labelledby="case-questions-heading" className="space-y-2">
            <h2 id="case-questions-heading" className="font-semibold text-base">
              Questions asked
            </h2>
            {questions.length === 0 ? (
              <p className="text-muted-foreground">The employer chose no questions.</p>
            ) : (
              <ul className="space-y-1">
                {questions.map((q) => (
                  <li key={q} className="flex items-start justify-between gap-2">
                    <span>{questionText(q)}</span>
                    {unanswered.includes(q) ? (
                      <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
                        Unanswered
                      </span>
                    ) : (
                      <span className="shrink-0 text-muted-foreground text-xs">Answered</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <section aria-labelledby="case-answers-heading" className="space-y-2">
          <h2 id="case-answers-heading" className="font-semibold text-base">
            The employee's answers{" "}
            <span className="font-normal text-muted-foreground text-xs">({list.length})</span>
          </h2>
          {list.length === 0 ? (
            <p className="text-muted-foreground">No answers were sent.</p>
          ) : (
            <dl className="space-y-2" data-testid="case-answers">
              {list.map((a) => (
                <div
                  key={a.linkId}
                  id={answerAnchor(a.linkId)}
                  className="scroll-mt-24 rounded-md px-2 py-1 target:bg-primary/10 target:ring-2 target:ring-primary/40"
                >
                  <dt className="text-muted-foreground text-xs">{a.question}</dt>
                  <dd className="whitespace-pre-line font-medium">{a.answer}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
    </details>
  );
}

function Row({
  label,
  value,
  empty = "Not given",
}: {
  label: string;
  value: string | null;
  empty?: string;
}) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="whitespace-pre-line">
        {value?.trim() ? value : <span className="text-muted-foreground">{empty}</span>}
      </dd>
    </div>
  );
}
