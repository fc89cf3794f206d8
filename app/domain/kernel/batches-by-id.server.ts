import type { Database, Tx } from "./database.ts";

/** Below any uuid: where a walk by id starts. */
const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/**
 * The walk of the sweeps run at every start (moving old rows, counting what was released before
 * the counts): one transaction a batch, each after the last id the previous one looked at, until a
 * batch finds nothing (`batch` returns its last id, or null). A batch that commits is kept should a
 * later one fail; the next start takes up from the rows still left.
 */
export async function inBatchesById(
  db: Database,
  batch: (tx: Tx, after: string) => Promise<string | null>,
): Promise<void> {
  let after = FIRST_ID;
  for (;;) {
    const last = await db.transaction((tx) => batch(tx, after));
    if (last === null) return;
    after = last;
  }
}
