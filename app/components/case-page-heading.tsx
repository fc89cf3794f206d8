import type { ReactNode } from "react";
import { PageBackLink } from "~/components/page-back-link.tsx";

/**
 * The top of a case's own page, the doctor's case and the employer's referral alike: back to the
 * list, the title, whom the case is about and why, then its facts. Both pages are what the case
 * sheet and the referral drawer fall back to without JavaScript, so they open the same way.
 */
export function CasePageHeading({
  back,
  title,
  subjectName,
  issue,
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  subjectName: string;
  issue: string;
  /** The case's facts (state, type, dates) under the heading. */
  children: ReactNode;
}) {
  return (
    <>
      <PageBackLink to={back.to}>{back.label}</PageBackLink>
      <h1 className="mt-4 font-semibold text-3xl tracking-tight">{title}</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        {subjectName} · {issue}
      </p>
      <div className="mt-3">{children}</div>
    </>
  );
}
