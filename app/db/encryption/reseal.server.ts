import { sql } from "drizzle-orm";
import type { Database } from "../client.server.ts";
import { ENCRYPTED_COLUMNS } from "./encrypted-columns.ts";
import {
  CIPHERTEXT_PREFIX,
  type DataKeyring,
  decryptString,
  encryptString,
  isCiphertext,
} from "./keyring.ts";

const BATCH = 200;

/**
 * Seals values under the keyring's current key, column by column, in batches.
 * - `plaintext`: only values still in the clear (rows written before encryption existed); run at
 *   every start, a no-op once done.
 * - `rotate`: also every value sealed under another key (`npm run keys:rotate`).
 * Each row is updated only if it still holds what was read, so a concurrent writer wins.
 */
export async function resealEncryptedColumns(
  db: Pick<Database, "execute" | "transaction">,
  keyring: DataKeyring,
  mode: "plaintext" | "rotate",
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const currentPrefix = `${CIPHERTEXT_PREFIX}${keyring.currentKeyId}:`;
  for (const { table, column, kind } of ENCRYPTED_COLUMNS) {
    const aad = `${table}.${column}`;
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const pending =
      mode === "plaintext"
        ? sql`left(${c}, ${CIPHERTEXT_PREFIX.length}) <> ${CIPHERTEXT_PREFIX}`
        : sql`left(${c}, ${currentPrefix.length}) <> ${currentPrefix}`;
    let done = 0;
    let skipped = new Set<string>();
    for (;;) {
      const result = (await db.execute(
        sql`select id::text as id, ${c} as value from ${t} where ${c} is not null and ${pending} order by id limit ${BATCH + skipped.size}`,
      )) as unknown as { rows: { id: string; value: string }[] };
      const rows = result.rows.filter((r) => !skipped.has(r.id));
      if (rows.length === 0) break;
      for (const row of rows) {
        const plaintext = isCiphertext(row.value)
          ? decryptString(keyring, row.value, aad)
          : kind === "json"
            ? JSON.stringify(JSON.parse(row.value))
            : row.value;
        const sealed = encryptString(keyring, plaintext, aad);
        // A released report version is frozen by a trigger; resealing may change only its
        // ciphertext, and says so for this transaction (drizzle: report_version_frozen).
        const updated = (await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('referoh.reseal', 'on', true)`);
          return tx.execute(
            sql`update ${t} set ${c} = ${sealed} where id = ${row.id}::uuid and ${c} = ${row.value}`,
          );
        })) as unknown as { affectedRows?: number; rowCount?: number };
        const n = updated.affectedRows ?? updated.rowCount ?? 0;
        if (n > 0) done += 1;
        else skipped = new Set([...skipped, row.id]);
      }
    }
    counts[aad] = done;
  }
  return counts;
}

/** Which key ids the stored values name, with how many values each: rotation's evidence. */
export async function keyIdsInUse(db: Pick<Database, "execute">): Promise<Record<string, number>> {
  const inUse: Record<string, number> = {};
  for (const { table, column } of ENCRYPTED_COLUMNS) {
    const c = sql.identifier(column);
    const result = (await db.execute(
      sql`select case when left(${c}, ${CIPHERTEXT_PREFIX.length}) = ${CIPHERTEXT_PREFIX} then split_part(${c}, ':', 3) else '(plaintext)' end as key_id, count(*)::int as n
          from ${sql.identifier(table)} where ${c} is not null group by 1`,
    )) as unknown as { rows: { key_id: string; n: number }[] };
    for (const r of result.rows) inUse[r.key_id] = (inUse[r.key_id] ?? 0) + Number(r.n);
  }
  return inUse;
}
