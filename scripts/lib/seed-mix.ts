import { type SQL, sql } from "drizzle-orm";

/**
 * A bench seed's value for row `g` of its generate_series, drawn from a mix by a hash of the row
 * number: `mix` lists each value with the cumulative percentage it stops below, and `otherwise`
 * takes the rest. The same key and row always draw the same value, so a seed is the same on every
 * run and at every size. The benches that seed referrals each state their own status mix this
 * way, instead of each writing out the `case` by hand.
 */
export function hashedMix(
  key: string,
  mix: readonly (readonly [value: string, below: number])[],
  otherwise: string,
): SQL {
  const draw = `abs(hashtext('${key}' || g)) % 100`;
  const whens = mix.map(([value, below]) => `when ${draw} < ${below} then '${value}'`);
  return sql.raw(`case ${whens.join(" ")} else '${otherwise}' end`);
}
