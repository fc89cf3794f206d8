import { AlertTriangleIcon, BanIcon } from "lucide-react";
import { DISCLOSURE_KIND_LABELS } from "~/domain/reports/disclosure/disclosure-item.ts";
import type { ReportFinding } from "~/domain/reports/release-check.ts";

/*
 * The disclosure gate in the editor (docs/decisions/0016-disclosure-gate.md): under each field,
 * every clinical statement the server found in it, highlighted in its sentence. A finding the
 * doctor may disclose has a box, "Disclose with the employee's consent", posted with the report
 * as `disclose=field|key`; one that can never be disclosed says so. Signing is refused while any
 * finding is neither rewritten nor marked.
 */

type Finding = Pick<
  ReportFinding,
  "field" | "kind" | "key" | "text" | "mark" | "before" | "after" | "markable" | "marked"
> & { removalAsked: boolean };

export function FieldFindings({
  findings,
  field,
}: {
  findings: readonly Finding[];
  field: string;
}) {
  const here = findings.filter((f) => f.field === field);
  if (here.length === 0) return null;
  // One decision per thing found in the field, however often it is written there.
  const byMark = new Map<string, Finding[]>();
  for (const f of here) byMark.set(f.mark, [...(byMark.get(f.mark) ?? []), f]);
  return (
    <div
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm"
      data-testid={`findings-${field}`}
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangleIcon aria-hidden="true" className="size-4" />
        {byMark.size === 1
          ? "1 clinical statement the employer would read"
          : `${byMark.size} clinical statements the employer would read`}
      </p>
      <ul className="mt-2 grid gap-3">
        {[...byMark.entries()].map(([mark, group], index) => {
          const first = group[0]!;
          const id = `disclose-${field}-${index}`;
          return (
            <li key={mark} className="grid gap-1" data-finding-kind={first.kind}>
              {group.map((f) => (
                <p key={`${f.before}|${f.after}`} className="text-foreground">
                  {f.before}
                  <mark className="rounded bg-amber-200 px-0.5 font-medium text-amber-950">
                    {f.text}
                  </mark>
                  {f.after}
                </p>
              ))}
              <p className="text-amber-900 text-xs">{DISCLOSURE_KIND_LABELS[first.kind]}</p>
              {first.markable ? (
                <label htmlFor={id} className="flex cursor-pointer items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    name="disclose"
                    value={mark}
                    defaultChecked={first.marked}
                    className="size-4 accent-primary"
                  />
                  <span>
                    Disclose “{first.text}” with the employee's consent (or rewrite it and save)
                  </span>
                </label>
              ) : (
                <p className="flex items-center gap-2 font-medium text-destructive">
                  <BanIcon aria-hidden="true" className="size-4" />
                  {first.removalAsked
                    ? "The employee asked for this to be removed: remove it from the text."
                    : first.kind === "third-party"
                      ? "Someone else's health can never be disclosed: remove it from the text."
                      : "Copied from the employee's answers, so it can never be disclosed: put it in your own words."}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
