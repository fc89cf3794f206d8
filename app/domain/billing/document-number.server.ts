import { sql } from "drizzle-orm";
import type { Tx } from "~/domain/kernel/database.ts";

/**
 * The next number of an invoice or a credit note (ADR 0012): from its own sequence, in the
 * transaction that issues the document, so numbers are sequential and never reused.
 */
export async function nextDocumentNumber(
  tx: Tx,
  sequence: { seqName: string | undefined },
  prefix: "INV" | "CN",
): Promise<string> {
  const next = await tx.execute(sql`select nextval(${sql.raw(`'${sequence.seqName}'`)}) as n`);
  const n = Number((next as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
  return `${prefix}-${String(n).padStart(6, "0")}`;
}
