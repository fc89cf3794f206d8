import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names. It does not merge them: tailwind-merge cost 8.8 KB gzipped on every page
 * (a sixteenth of the public pages' JavaScript budget), so components never pass two classes
 * that set the same property. Primitives offer variants or props (Button `variant`, Input
 * `fieldWidth`/`fieldText`, Label `size`/`weight`, Sheet `width`) instead of overriding classes.
 * While developing, a class that would have been overridden is reported in the console;
 * production builds leave tailwind-merge out.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) reportConflicts(classes);
  return classes;
}

const reported = new Set<string>();

function reportConflicts(classes: string) {
  if (reported.has(classes)) return;
  reported.add(classes);
  const kept = new Set(twMerge(classes).split(" "));
  const conflicting = classes.split(/\s+/).filter((c) => c && !kept.has(c));
  if (conflicting.length > 0)
    console.warn(
      `cn(): "${conflicting.join(" ")}" is overridden by a later class in "${classes}"; use a variant or prop instead`,
    );
}
