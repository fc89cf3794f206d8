import type { ReactNode } from "react";
import type { ReportFact } from "~/domain/reports/report-header.ts";
import type { ReportSection } from "~/domain/reports/report-sections.ts";
import { cn } from "~/lib/cn";

/**
 * A report's sections as plain text. React escapes every string, and `whitespace-pre-line` keeps
 * the doctor's line breaks: nothing in a report is ever interpreted as markup or turned into a link.
 */
export function ReportSections({
  sections,
  headingLevel = 2,
}: {
  sections: ReportSection[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid gap-6">
      {sections.map((section) => (
        <section key={section.id} className="grid gap-2" data-section={section.id}>
          <Heading className="font-semibold text-lg">{section.heading}</Heading>
          {section.question ? (
            <p className="text-muted-foreground text-sm">Your question: {section.question}</p>
          ) : null}
          {section.note ? <p className="text-muted-foreground text-sm">{section.note}</p> : null}
          {section.text ? (
            <p className="whitespace-pre-line leading-relaxed">{section.text}</p>
          ) : null}
          {section.items && section.items.length > 0 ? (
            <ul className="grid list-disc gap-1.5 pl-6">
              {section.items.map((item, i) => (
                <li key={i} className="whitespace-pre-line">
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
          {section.answers ? <AnswerList answers={section.answers} /> : null}
        </section>
      ))}
    </div>
  );
}

/**
 * A released report's sections around the doctor's signature: the doctor's sections, the
 * signature, then the person's statement where they gave one, as in the PDF, so the signature
 * never reads as signing the statement.
 */
export function SignedReportSections({
  sections,
  signature,
  headingLevel,
}: {
  sections: ReportSection[];
  signature: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const statement = sections.filter((s) => s.id === "subject-statement");
  return (
    <>
      <ReportSections
        sections={sections.filter((s) => s.id !== "subject-statement")}
        headingLevel={headingLevel}
      />
      {signature}
      {statement.length > 0 ? (
        <ReportSections sections={statement} headingLevel={headingLevel} />
      ) : null}
    </>
  );
}

/**
 * Questions and the person's answers to them, each answer as written (its line breaks kept): a
 * report's answers section, and a doctor's look at an earlier case's answers.
 */
export function AnswerList({
  answers,
  className,
}: {
  answers: readonly { question: string; answer: string }[];
  className?: string;
}) {
  return (
    <dl className={cn("grid gap-3", className)}>
      {answers.map((a, i) => (
        <div key={i} className="grid gap-1">
          <dt className="font-medium">{a.question}</dt>
          <dd className="whitespace-pre-line leading-relaxed">{a.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The header of a report (role, reason, assessment date and basis, consent to disclosure): the
 * lines the PDF prints, from reportHeaderFacts, so web and PDF say the same. Two columns of
 * label and value on a wide screen, stacked on a phone.
 */
export function ReportHeaderFacts({ facts }: { facts: ReportFact[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 border-b pb-6 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr]">
      {facts.map((fact) => (
        <div key={fact.id} className="contents" data-fact={fact.id}>
          <dt className="text-muted-foreground">{fact.label}</dt>
          <dd className="mb-2 whitespace-pre-line sm:mb-0">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The signature block: name first, then qualifications, GMC number and signing date. */
export function ReportSignatureLines({ lines }: { lines: string[] }) {
  const [name, ...rest] = lines;
  return (
    <div className="grid gap-0.5" data-testid="report-signature">
      <p className="font-medium">{name}</p>
      {rest.map((line) => (
        <p key={line} className="text-muted-foreground text-sm">
          {line}
        </p>
      ))}
    </div>
  );
}
