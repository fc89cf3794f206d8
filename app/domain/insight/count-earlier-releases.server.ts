import { sql } from "drizzle-orm";
import { DecryptionError } from "~/db/encryption/keyring.ts";
import { reportVersion } from "~/db/schema/index.ts";
import { inBatchesById } from "~/domain/kernel/batches-by-id.server.ts";
import type { Database, Tx } from "~/domain/kernel/database.ts";
import { countReleasedOutcome, firstReleaseOf } from "./count-released-outcome.server.ts";

/*
 * Reports released before the management information counted outcomes (docs/architecture.md,
 * "Management information"): their bodies are sealed, so the migration that made the counts could
 * not add them. This adds each one's outcome once, through the same `countReleasedOutcome` a
 * release uses, opening the body with the keyring as any read of it does.
 *
 * Run at every start (app/runtime.server.ts), a no-op once every released report is marked
 * counted. Each batch is one transaction that locks its reports (`skip locked`: another process
 * starting at the same time takes other reports, and a release in progress keeps its own), and the
 * mark's key (`insight_counted_report`) refuses a second count should two ever reach one report.
 */

const BATCH = 100;

interface EarlierReleases {
  /** Reports whose outcome this run counted. */
  counted: number;
  /** Ids of reports whose released version could not be opened (its key is gone): not counted. */
  left: string[];
}

export async function countEarlierReleases(db: Database): Promise<EarlierReleases> {
  const outcome: EarlierReleases = { counted: 0, left: [] };
  await inBatchesById(db, (tx, after) => countBatch(tx, after, outcome));
  return outcome;
}

interface UncountedRelease {
  id: string;
  organisationId: string;
  ownerId: string;
  releasedVersion: number;
  releasedAt: Date | string | null;
}

/** One batch after the id `after`; the last id it looked at, or null when none was left. */
async function countBatch(tx: Tx, after: string, outcome: EarlierReleases): Promise<string | null> {
  // A released report with no mark whose released version is still held (one erased under the
  // retention policy has nothing left to count).
  const result = (await tx.execute(sql`
    select r.id::text as "id", r.organisation_id as "organisationId", f.owner_id as "ownerId",
      r.released_version as "releasedVersion", r.released_at as "releasedAt"
    from report r
    join referral f on f.id = r.referral_id
    where r.id > ${after}::uuid
      and r.released_version is not null
      and not exists (select 1 from insight_counted_report m where m.report_id = r.id)
      and exists (select 1 from report_version v
        where v.report_id = r.id and v.version = r.released_version)
    order by r.id
    limit ${BATCH}
    for update of r skip locked`)) as unknown as { rows: UncountedRelease[] };
  const rows = result.rows;
  if (rows.length === 0) return null;
  for (const row of rows) {
    let body: (typeof reportVersion.$inferSelect)["body"] | undefined;
    try {
      [{ body } = { body: undefined }] = await tx
        .select({ body: reportVersion.body })
        .from(reportVersion)
        .where(
          sql`${reportVersion.reportId} = ${row.id}::uuid and ${reportVersion.version} = ${row.releasedVersion}`,
        );
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      outcome.left.push(row.id);
      continue;
    }
    if (!body) continue;
    const fallback = row.releasedAt === null ? new Date() : new Date(row.releasedAt);
    const counted = await countReleasedOutcome(tx, {
      reportId: row.id,
      organisationId: row.organisationId,
      ownerId: row.ownerId,
      version: row.releasedVersion,
      body,
      firstReleasedAt: await firstReleaseOf(tx, row.id, fallback),
    });
    if (counted) outcome.counted += 1;
  }
  return rows.at(-1)!.id;
}
