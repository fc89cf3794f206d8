import type { ReactNode } from "react";
import { policyLastUpdated } from "./policy.ts";

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** A long policy page: title, last-updated date, contents list and numbered sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 md:py-16">
      <h1 className="font-bold text-4xl tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">
        Last updated: <time dateTime={policyLastUpdated.iso}>{policyLastUpdated.display}</time>
      </p>
      <div className="mt-6 space-y-4 text-lg">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl border bg-surface p-5">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-3 grid list-decimal gap-1 pl-5">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary underline underline-offset-4">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="mt-10 scroll-mt-20">
          <h2 className="font-bold text-2xl">
            {index + 1}. {section.heading}
          </h2>
          <div className="prose-legal mt-4 space-y-4 leading-relaxed [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-2">
            {section.body}
          </div>
        </section>
      ))}
    </article>
  );
}
