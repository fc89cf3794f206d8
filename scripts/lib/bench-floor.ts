import cluster from "node:cluster";
import http from "node:http";
import pg from "pg";

/*
 * The floor `npm run bench:api` compares the product with: the SQL the employer dashboard and
 * the searched referral list run (session and user, membership and organisation, membership and
 * credits, then the page's own queries), over one raw `pg` connection per process with named
 * prepared statements, answered as JSON. No framework, no rendering, no query building: what the
 * same answer costs at the least on this stack. One process per core, like the product.
 *
 * Run by the bench as `node scripts/lib/bench-floor.ts` with DATABASE_URL, PORT and
 * WEB_CONCURRENCY; it prints "floor listening" once every process listens.
 */
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);
const port = Number(process.env.PORT);
// The product's activeStatuses (app/domain/referrals/lifecycle.ts), written out: plain Node cannot
// import that file (it has parameter properties). A referral awaiting payment is not active.
const activeStatuses = ["invited", "in_progress", "submitted", "in_review", "awaiting_subject"];

if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  for (let i = 0; i < processes; i++)
    cluster.fork().on("listening", () => {
      if (++listening === processes) console.log("floor listening");
    });
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const query = (name: string, text: string, values: unknown[]) =>
    client.query({ name, text, values }).then((r) => r.rows);

  /** The signed-in employer and their organisation's standing: every employer page's first reads. */
  async function employer(cookie: string | undefined) {
    const value = /referoh\.session_token=([^;]+)/.exec(cookie ?? "")?.[1];
    if (!value) return null;
    const token = decodeURIComponent(value).split(".")[0];
    const [session] = await query(
      "session",
      `select s.id, s.created_at, s.expires_at, s.two_factor_verified, u.id as user_id, u.email, u.name, u.role
       from session s join "user" u on u.id = s.user_id where s.token = $1 and s.expires_at > now()`,
      [token],
    );
    if (!session) return null;
    const [organisation] = await query(
      "organisation",
      `select o.id, o.name, o.industry, o.phone, o.address, m.role as member_role
       from member m join organisation o on o.id = m.organisation_id where m.user_id = $1 limit 1`,
      [session.user_id],
    );
    const [standing] = await query(
      "standing",
      `select ms.*, (select coalesce(sum(credits_remaining), 0) from credit_lot
         where organisation_id = o.id and expires_at > now()) as credits
       from organisation o left join membership ms on ms.organisation_id = o.id where o.id = $1`,
      [organisation.id],
    );
    return { session, organisation, standing };
  }

  async function dashboard(organisationId: string) {
    const [[counters], activity] = await Promise.all([
      query(
        "counters",
        `select coalesce(sum(referrals) filter (where status = any($2)), 0) as active,
           coalesce(sum(referrals) filter (where status = 'complete'), 0) as completed
         from organisation_referral_count where organisation_id = $1`,
        [organisationId, activeStatuses],
      ),
      query(
        "activity",
        `select a.id, a.kind, a.created_at, r.id as referral_id, r.reference, r.subject_name, r.type
         from referral_activity a join referral r on r.id = a.referral_id
         where a.organisation_id = $1 order by a.created_at desc, a.id desc limit 8`,
        [organisationId],
      ),
    ]);
    return { counters, activity };
  }

  async function referrals(organisationId: string, params: URLSearchParams) {
    const term = (params.get("q") ?? "").trim().toLowerCase();
    const status = params.get("status");
    const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const [rows, counted] = await Promise.all([
      query(
        "list",
        `select id, reference, type, status, subject_name, reason, job_role, created_at from referral
         where organisation_id = $1 and ($2::text is null or status = $2)
           -- The product's search expression, which its index covers (drizzle/0023): the sealed
           -- reason is not searchable.
           and ($3::text is null or lower(subject_name || ' ' || reference || ' ' || coalesce(job_role, '')) like $3)
         order by created_at desc, id desc limit 26`,
        [organisationId, status, like],
      ),
      like
        ? Promise.resolve(null)
        : query(
            "total",
            `select coalesce(sum(referrals), 0) as total from organisation_referral_count
             where organisation_id = $1 and ($2::text is null or status = $2)`,
            [organisationId, status],
          ),
    ]);
    return { rows: rows.slice(0, 25), more: rows.length > 25, total: counted?.[0]?.total ?? null };
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://floor");
      const signedIn = await employer(req.headers.cookie);
      if (!signedIn) {
        res.writeHead(401).end();
        return;
      }
      const page =
        url.pathname === "/employer-dashboard"
          ? await dashboard(signedIn.organisation.id)
          : url.pathname === "/employer-referrals"
            ? await referrals(signedIn.organisation.id, url.searchParams)
            : null;
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.stringify({ ...signedIn, page });
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
  server.listen(port, "127.0.0.1", () => {
    if (processes <= 1) console.log("floor listening");
  });
  process.on("SIGTERM", () => {
    server.close();
    void client.end().then(() => process.exit(0));
  });
}
