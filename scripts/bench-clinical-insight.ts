import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  type DatabaseHandle,
  type DatabaseLocation,
  migrateDatabase,
  openDatabase,
} from "~/db/client.server.ts";
import { encryptString, parseKeyringSetting } from "~/db/encryption/keyring.ts";
import {
  clinicalCountReads,
  getClinicalInsight,
} from "~/domain/insight/get-clinical-insight.server.ts";
import { insightPeriod } from "~/domain/insight/insight-period.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { Database } from "~/domain/kernel/database.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { countClinicalFromScratch } from "./lib/count-clinical.ts";
import { hashedMix } from "./lib/seed-mix.ts";

/*
 * The clinical lead's view (`getClinicalInsight`, /admin/insight) against the size of the service
 * (docs/perf-notes-growth.md, "The clinical lead's insight"): one throwaway database per size in
 * BENCH_CLINICAL_SIZES (default 1000,10000,100000 referrals), each seeded set-based (INSERT …
 * SELECT generate_series, the row triggers off and the counts made afterwards as the migration
 * makes them: through the triggers row by row, 100,000 did not finish in 15 minutes), alike but
 * for the count: one organisation, two years of referrals, 80 % released, 7 doctors, 1 in 50 urgent,
 * decisions on every sent report (1 in 20 after a correction) and a refusal to sign for 1 in 20
 * releases. Then it calls the view as an administrator over the last 12 months, one call a size in
 * turn for BENCH_ROUNDS rounds (default 15), drops the first round, and prints each size's median
 * and its ratio to the smallest (the budget: 1.5x from 1,000 to 100,000).
 *
 * PGlite in memory by default; DATABASE_URL=postgres://… (a role that may create databases) runs
 * on that server instead, one database a size, dropped at the end (BENCH_KEEP_DATA=1 keeps them
 * and prints their names).
 */

const sizes = (process.env.BENCH_CLINICAL_SIZES ?? "1000,10000,100000")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const keep = process.env.BENCH_KEEP_DATA === "1";
const keyring = parseKeyringSetting(`bench:${randomBytes(32).toString("base64")}`);

interface Seeded {
  referrals: number;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

async function freshDatabase(referrals: number): Promise<Seeded> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "memory" });
    return { referrals, handle, drop: () => handle.close() };
  }
  const name = `referoh_bench_clinical_${referrals}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const location: DatabaseLocation = { kind: "postgres", url: url.toString() };
  const handle = await openDatabase(location);
  return {
    referrals,
    handle,
    async drop() {
      await handle.close();
      if (keep) {
        console.log(`kept ${url.toString()}`);
        return;
      }
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A released case's hours, spread as a service's are: most within two days, a long tail. */
const hoursOf = (salt: string, spread: number) =>
  sql.raw(
    `(abs(hashtext('${salt}' || g)) % ${spread}) * interval '1 hour' + (g % 60) * interval '1 minute'`,
  );

/** Most cases released, a few still with the doctor or the person, some never answered. */
const statusMix = hashedMix(
  "status",
  [
    ["complete", 80],
    ["in_review", 84],
    ["awaiting_subject", 87],
    ["invited", 92],
    ["declined", 94],
  ],
  "cancelled",
);

async function seed(db: Database, referrals: number) {
  const started = Date.now();
  await db.execute(sql`
    insert into organisation (id, name, industry) values ('bench-clinical', 'Bench Clinical Ltd', 'Manufacturing')`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, two_factor_enabled)
    select 'bench-doctor-' || d, 'Dr Bench ' || d, 'bench-doctor-' || d || '@example.org', true, 'doctor', true
    from generate_series(1, 7) d`);
  for (const trigger of [
    "referral_count_insert_delete",
    "insight_referral_insert_delete",
    "clinical_referral_insert_delete",
  ])
    await db.execute(sql.raw(`alter table referral disable trigger ${trigger}`));
  await db.execute(
    sql.raw("alter table report_version disable trigger clinical_report_version_insert_delete"),
  );
  // The status by a hash of g: 80 % released, the rest spread over the live and closed states.
  await db.execute(sql`
    insert into referral (
      reference, organisation_id, type, status, subject_name, subject_email, job_role,
      conditional_offer_date, employer_consent_confirmed, created_by, owner_id, created_at, updated_at,
      member_turnaround, assigned_doctor_id, submitted_at, review_started_at, report_sent_at,
      completed_at, sla_due_at, urgent, urgent_at, safety_contacted_at, closed_at
    )
    select 'BCH-' || lpad(g::text, 7, '0'), 'bench-clinical', 'pre_employment', s.status,
      'Bench Person ' || g, 'person' || g || '@example.org', 'Driver', current_date, false,
      'bench', 'bench', c.created_at, c.created_at, g % 2 = 0,
      case when s.status in ('complete', 'in_review', 'awaiting_subject') then 'bench-doctor-' || (1 + g % 7) end,
      case when s.status in ('complete', 'in_review', 'awaiting_subject') then t.submitted_at end,
      case when s.status in ('complete', 'in_review', 'awaiting_subject') then t.review_started_at end,
      case when s.status in ('complete', 'awaiting_subject') then t.report_sent_at end,
      case when s.status = 'complete' then t.completed_at end,
      case when s.status in ('complete', 'in_review', 'awaiting_subject')
        then t.submitted_at + case when g % 2 = 0 then interval '24 hours' else interval '48 hours' end end,
      g % 50 = 0,
      case when g % 50 = 0 and s.status in ('complete', 'in_review', 'awaiting_subject') then t.submitted_at + interval '1 hour' end,
      case when g % 50 = 0 and g % 250 <> 0 and s.status in ('complete', 'in_review', 'awaiting_subject')
        then t.submitted_at + interval '1 hour' + ${hoursOf("contact", 30)} end,
      case when s.status in ('declined', 'cancelled') then c.created_at + interval '3 days' end
    from generate_series(1, ${referrals}::int) g
    cross join lateral (select now() - (g::float8 / ${referrals}) * interval '730 days' as created_at) c
    cross join lateral (select ${statusMix} as status) s
    cross join lateral (select c.created_at + interval '2 days' as submitted_at) t0
    cross join lateral (select t0.submitted_at,
        t0.submitted_at + ${hoursOf("queue", 30)} as review_started_at,
        t0.submitted_at + ${hoursOf("queue", 30)} + ${hoursOf("review", 12)} as report_sent_at,
        t0.submitted_at + ${hoursOf("queue", 30)} + ${hoursOf("review", 12)} + ${hoursOf("person", 120)} as completed_at) t`);
  // A report for every sent case, its last version approved at release (1 in 20 released after a
  // correction of version 1); the body is sealed as the product stores it and never read here.
  const body = encryptString(keyring, JSON.stringify({}), "report_version.body");
  await db.execute(sql`
    insert into report (reference, referral_id, organisation_id, type, status, doctor_id, current_version,
      released_version, released_at, created_at, updated_at)
    select 'BRP-' || substr(f.reference, 5), f.id, f.organisation_id, f.type,
      case when f.status = 'complete' then 'released' else 'awaiting_subject' end,
      f.assigned_doctor_id, case when hashtext(f.reference) % 20 = 0 then 2 else 1 end,
      case when f.status = 'complete' then case when hashtext(f.reference) % 20 = 0 then 2 else 1 end end,
      f.completed_at, f.report_sent_at, f.report_sent_at
    from referral f where f.report_sent_at is not null`);
  await db.execute(sql`
    insert into report_version (report_id, version, body, author_doctor_id, author_name, author_gmc_number,
      signed_at, sent_at, subject_decision, decided_at, created_at, updated_at)
    select r.id, v.version, ${body}, r.doctor_id, 'Dr Bench', '7000001', f.report_sent_at, f.report_sent_at,
      case when v.version < r.current_version then 'correction' when f.status = 'complete' then 'approved' end,
      case when v.version < r.current_version then f.report_sent_at + interval '1 hour'
        when f.status = 'complete' then f.completed_at end,
      f.report_sent_at, f.report_sent_at
    from report r join referral f on f.id = r.referral_id
    cross join lateral generate_series(1, r.current_version) v(version)`);
  await db.execute(
    sql.raw("alter table report_version enable trigger clinical_report_version_insert_delete"),
  );
  for (const trigger of [
    "referral_count_insert_delete",
    "insight_referral_insert_delete",
    "clinical_referral_insert_delete",
  ])
    await db.execute(sql.raw(`alter table referral enable trigger ${trigger}`));
  // Refusals go through the audit trail's chain trigger (it cannot be turned off), as they would.
  await db.execute(sql`
    insert into audit_event (occurred_at, actor_id, actor_role, action, object_type, object_id, outcome, details)
    select f.report_sent_at - interval '10 minutes', f.assigned_doctor_id, 'doctor', 'doctor.report_sign_refused',
      'referral', f.id::text, 'denied',
      jsonb_build_object('fields', jsonb_build_array('summary'), 'problems',
        case when hashtext(f.reference) % 3 = 0 then jsonb_build_array('incomplete', 'needs-consent')
          else jsonb_build_array('doctor-only') end)
    from referral f where f.status = 'complete' and hashtext(f.reference) % 20 = 1
    order by f.report_sent_at`);
  await countClinicalFromScratch(db);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(
      sql`select ((select count(*) from clinical_count) + (select count(*) from clinical_hours))::int as n`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(
    `seeded ${referrals.toLocaleString("en-GB")} referrals (${counts?.n ?? 0} count and histogram rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** Nothing but the clock and the address: the view calls no service. */
const refused = () => {
  throw new Error("the clinical view calls no service");
};
const adapters: Adapters = {
  mailer: { send: refused },
  jobs: { send: refused },
  payments: new Proxy({} as Adapters["payments"], { get: refused }),
  fileScanner: new Proxy({} as Adapters["fileScanner"], { get: refused }),
  webhooks: new Proxy({} as Adapters["webhooks"], { get: refused }),
  publicUrl: "http://bench.invalid",
  clock: () => new Date(),
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const seeded: Seeded[] = [];
try {
  for (const referrals of sizes) {
    const s = await freshDatabase(referrals);
    seeded.push(s);
    await migrateDatabase(s.handle);
    await seed(s.handle.db, referrals);
  }
  const now = new Date();
  const period = insightPeriod({ period: "12", from: undefined, to: undefined }, now);
  const times = new Map<number, number[]>(sizes.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++)
    for (const s of seeded) {
      const scope = createScope(
        s.handle.db,
        { role: "admin", userId: "bench-clinical-lead", twoFactorVerified: true },
        { ip: null, requestId: `bench-clinical-${round}` },
        adapters,
        now,
      );
      const started = performance.now();
      const insight = await getClinicalInsight(scope, period);
      const ms = performance.now() - started;
      if (insight.charts.length !== 6) throw new Error("the view came back without its charts");
      if (round > 0) times.get(s.referrals)?.push(ms);
    }
  // The rows the view's statements return (each reads no more: its index range is the period).
  const rowsRead = new Map<number, number>();
  for (const s of seeded) {
    const reads = clinicalCountReads(s.handle.db, period);
    const [a, b, c] = await Promise.all([reads.byDoctor, reads.byStage, reads.counts]);
    rowsRead.set(s.referrals, a.length + b.length + c.length);
  }
  const smallest = median(times.get(sizes[0] ?? 0) ?? []);
  const host = `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}, ${os.availableParallelism()} cores`;
  console.log(
    `\ngetClinicalInsight, 12 months, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${rounds} alternating rounds (first dropped), ${host}`,
  );
  for (const [n, ms] of times)
    console.log(
      `${n.toLocaleString("en-GB").padStart(9)} referrals: median ${median(ms).toFixed(1)} ms, ${(median(ms) / smallest).toFixed(2)}x, fastest ${Math.min(...ms).toFixed(1)} ms, ${rowsRead.get(n)} rows read; rounds ${ms.map((m) => m.toFixed(1)).join(", ")}`,
    );
  const out = path.resolve(
    import.meta.dirname,
    "..",
    "bench/results",
    `clinical-insight${process.env.DATABASE_URL ? "-postgres" : ""}.json`,
  );
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        at: now.toISOString(),
        engine: process.env.DATABASE_URL ? "postgres" : "pglite",
        host,
        rounds,
        results: [...times].map(([referrals, ms]) => ({
          referrals,
          medianMs: Number(median(ms).toFixed(1)),
          ratio: Number((median(ms) / smallest).toFixed(2)),
          fastestMs: Number(Math.min(...ms).toFixed(1)),
          rowsRead: rowsRead.get(referrals),
          roundsMs: ms.map((m) => Number(m.toFixed(1))),
        })),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  for (const s of seeded) await s.drop();
}
