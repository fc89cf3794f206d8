import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  type ChainBreak,
  type ChainedEventText,
  checkChainBatch,
  GENESIS_HASH,
} from "./audit-chain.ts";

type AuditChainReport =
  | { ok: true; count: number }
  | { ok: false; count: number; firstBreak: ChainBreak };

const BATCH = 2000;

/**
 * Recomputes every link of the audit trail in Node (not with the database's own function, so a
 * replaced trigger function cannot vouch for itself). Reads in chain order, in batches.
 */
export async function verifyAuditChain(db: Pick<Database, "execute">): Promise<AuditChainReport> {
  // Rows without a link (written with the trigger disabled) break the chain wherever they are.
  const unlinked = (await db.execute(
    sql`select id::text as id from audit_event where chain_seq is null or hash is null order by id limit 1`,
  )) as unknown as { rows: { id: string }[] };
  const state = { lastSeq: 0, lastHash: GENESIS_HASH };
  let count = 0;
  for (;;) {
    const result = (await db.execute(sql`
      select id::text as "id", chain_seq::text as "chainSeq",
        to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "occurredAt",
        actor_id as "actorId", actor_role as "actorRole", organisation_id as "organisationId",
        action, object_type as "objectType", object_id as "objectId", outcome, ip::text as "ip",
        request_id as "requestId", details::text as "details", prev_hash as "prevHash", hash
      from audit_event
      where chain_seq > ${state.lastSeq}
      order by chain_seq
      limit ${BATCH}`)) as unknown as { rows: ChainedEventText[] };
    const rows = result.rows;
    const broken = checkChainBatch(rows, state);
    if (broken)
      return {
        ok: false,
        count: count + rows.findIndex((r) => r.id === broken.eventId),
        firstBreak: broken,
      };
    count += rows.length;
    if (rows.length < BATCH) break;
  }
  const stray = unlinked.rows[0];
  if (stray) return { ok: false, count, firstBreak: { eventId: stray.id, reason: "unlinked" } };
  return { ok: true, count };
}
