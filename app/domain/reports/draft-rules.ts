import type { DraftStatement } from "./drafter.ts";
import type { ResponseView } from "./response-view.ts";

/*
 * The rules drafter's engine (docs/architecture.md §2): a drafter is a table of rules, each a
 * condition on the answers and the case and the statements it then adds, with the answers each
 * statement rests on. The engine evaluates the table in order, so the draft keeps the table's
 * order, and turns each claim into a statement whose evidence is the cited answers the person
 * actually gave (ResponseView.basis): a rule can cite an item that was not shown or not answered
 * without the draft ever claiming it.
 */

/** A statement as a rule writes it: its text and the linkIds it rests on. */
export interface Claim {
  text: string;
  /** linkIds of the answers it rests on; only the shown, answered ones become its basis. */
  cites?: readonly string[];
  /** Evidence already worked out (the safety flags'), used as it is. */
  basis?: string[];
  /** It rests on the referral itself (the employer's reason, the role), not on an answer. */
  source?: "referral";
  /** Written for the employer: it may pre-fill the report (docs/decisions/0011-report-audiences.md). */
  audience?: "employer";
}

/** Evidence for the doctor only. */
export const say = (text: string, ...cites: string[]): Claim => ({ text, cites });
/** A sentence for the employer's report. */
export const tell = (text: string, ...cites: string[]): Claim => ({
  text,
  cites,
  audience: "employer",
});

export interface Rule<C, O> {
  /** Names the rule in traces and tests: usually the answer it reads. */
  id: string;
  when: (c: C) => boolean;
  add: (c: C) => O;
}

/** Called with each rule that holds and what it added (tests read the citations from it). */
export type RuleTrace = (id: string, output: unknown) => void;

/** What every rule that holds adds, in the table's order. */
export function evaluate<C, O>(rules: readonly Rule<C, O>[], c: C, trace?: RuleTrace): O[] {
  const out: O[] = [];
  for (const rule of rules) {
    if (!rule.when(c)) continue;
    const output = rule.add(c);
    trace?.(rule.id, output);
    out.push(output);
  }
  return out;
}

/** The first rule that holds (an if / else-if chain), or none. */
export function first<C, O>(rules: readonly Rule<C, O>[], c: C, trace?: RuleTrace): O | undefined {
  for (const rule of rules) {
    if (!rule.when(c)) continue;
    const output = rule.add(c);
    trace?.(rule.id, output);
    return output;
  }
  return undefined;
}

/** The draft's statement for a claim: its evidence is the cited answers the person gave. */
export function statementOf(v: ResponseView, claim: Claim): DraftStatement {
  const statement: DraftStatement = {
    text: claim.text,
    basis: claim.basis ?? v.basis(...(claim.cites ?? [])),
  };
  if (claim.source) statement.source = claim.source;
  if (claim.audience) statement.audience = claim.audience;
  return statement;
}

/** The statements of every rule that holds, each rule adding zero or more claims. */
export function statementsOf<C extends { v: ResponseView }>(
  rules: readonly Rule<C, Claim | Claim[] | null>[],
  c: C,
  trace?: RuleTrace,
): DraftStatement[] {
  return evaluate(rules, c, trace)
    .flatMap((claims) => (claims === null ? [] : Array.isArray(claims) ? claims : [claims]))
    .map((claim) => statementOf(c.v, claim));
}
