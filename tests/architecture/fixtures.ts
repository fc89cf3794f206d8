import type { RuleName } from "./rules.ts";

/**
 * The fixtures of the architecture rules: small projects, path to source, each written the way a
 * change could break a rule (or keep it). They are strings, not files, so they are neither product
 * code nor typechecked: a break may import what does not exist. Each rule has at least one break
 * and one correct form. The breaks include twelve a review made on purpose; the six marked
 * `missedByText` passed the text-matching checks these rules replaced.
 */
interface Fixture {
  rule: RuleName;
  name: string;
  files: Record<string, string>;
  /** What the rule reports for it, as `what` of each breach; `[]` for a correct form. */
  expected: string[];
  missedByText?: true;
}

const scopedReadRule: RuleName =
  "tenant tables by id, and health data at all, are read through the visibility builders";

/** The imports a domain file reading the database starts with. */
const domainHead = `
import { and, eq, inArray, sql } from "drizzle-orm";
import { caseClinicalNote, questionnaireResponse, referral, report } from "~/db/schema/index.ts";
import { visibleClinicalNotes, visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
`;

export const breaks: Fixture[] = [
  {
    rule: "no runtime import cycles",
    name: "two modules importing each other at runtime",
    files: {
      "app/domain/a.ts": `import { b } from "./b.ts";\nexport const a = () => b;`,
      "app/domain/b.ts": `import { a } from "./a.ts";\nexport const b = () => a;`,
    },
    expected: ["app/domain/a.ts <-> app/domain/b.ts"],
  },
  {
    rule: "the domain imports neither routes nor components",
    name: "a use case importing a component",
    files: {
      "app/domain/referrals/x.server.ts": `import { Badge } from "~/components/ui/badge.tsx";\nexport const x = Badge;`,
      "app/components/ui/badge.tsx": "export function Badge() { return null; }",
    },
    expected: ["app/domain/referrals/x.server.ts -> app/components/ui/badge.tsx"],
  },
  {
    rule: "the kernel imports no domain area",
    name: "a visibility builder importing an area's list of states, if only its type",
    files: {
      "app/domain/kernel/visibility.server.ts": `import { doctorVisibleStatuses } from "~/domain/doctor/doctor-queue.ts";\nimport type { Actor } from "../access/permissions.ts";\nexport const v = (a: Actor) => doctorVisibleStatuses;`,
      "app/domain/doctor/doctor-queue.ts": `export const doctorVisibleStatuses = ["submitted"];`,
      "app/domain/access/permissions.ts": "export type Actor = { role: string };",
    },
    expected: [
      "app/domain/kernel/visibility.server.ts -> app/domain/doctor/doctor-queue.ts",
      "app/domain/kernel/visibility.server.ts -> app/domain/access/permissions.ts",
    ],
  },
  {
    rule: "services are adapters: they do not import the domain at runtime",
    name: "an adapter calling a use case",
    files: {
      "app/services/mail.server.ts": `import { send } from "~/domain/mail/send.server.ts";\nexport const mail = send;`,
      "app/domain/mail/send.server.ts": "export function send() {}",
    },
    expected: ["imports app/domain/"],
  },
  {
    rule: "the domain and jobs reach other servers only through adapters",
    name: "a use case posting with fetch, a job importing node:https, and a dynamic import",
    files: {
      "app/domain/api/deliver.server.ts": `export async function deliver(url: string) {
  return fetch(url, { method: "POST" });
}
export const again = (url: string) => globalThis.fetch(url);`,
      "app/jobs/ping.ts": `import https from "node:https";
export const ping = () => https.get("https://example.com");
export const later = () => import("undici");`,
    },
    expected: ["line 2", "line 4", "line 1", "line 3"],
  },
  {
    rule: "product code does not import test helpers",
    name: "a route importing a factory",
    files: {
      "app/routes/x.tsx": `import { makeReferral } from "~tests/factories.ts";\nexport const loader = makeReferral;`,
      "tests/factories.ts": "export function makeReferral() {}",
    },
    expected: ["app/routes/x.tsx -> tests/factories.ts"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id without a builder",
    files: {
      "app/domain/referrals/get.server.ts": `${domainHead}
export async function getReferral(scope: Scope, id: string) {
  return scope.db.select().from(referral).where(eq(referral.id, id));
}`,
    },
    expected: ["line 8: referral by id"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id with the condition held in a variable",
    missedByText: true,
    files: {
      "app/domain/referrals/get.server.ts": `${domainHead}
export async function getReferral(scope: Scope, id: string) {
  const byId = eq(referral.id, id);
  const where = and(byId, eq(referral.status, "submitted"));
  return scope.db.select().from(referral).where(where);
}`,
    },
    expected: ["line 10: referral by id"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id through inArray",
    missedByText: true,
    files: {
      "app/domain/reports/list.server.ts": `${domainHead}
export async function reportsOf(scope: Scope, ids: string[]) {
  return scope.db.select().from(report).where(inArray(report.id, ids));
}`,
    },
    expected: ["line 8: report by id"],
  },
  {
    rule: scopedReadRule,
    name: "a read of a health-data table",
    missedByText: true,
    files: {
      "app/domain/doctor/notes.server.ts": `${domainHead}
export async function notesOf(scope: Scope, c: { id: string }) {
  const [row] = await scope.db
    .select({ notes: caseClinicalNote.notes })
    .from(caseClinicalNote)
    .where(eq(caseClinicalNote.referralId, c.id));
  return row;
}`,
    },
    expected: ["line 8: caseClinicalNote health data"],
  },
  {
    rule: scopedReadRule,
    name: "a function that takes the scope but reads by a raw id",
    missedByText: true,
    files: {
      "app/domain/reports/by-referral.server.ts": `${domainHead}
export async function reportOfReferral(scope: Scope, input: { referralId: string }) {
  const { referralId } = input;
  return scope.db.select().from(report).where(eq(report.referralId, referralId));
}`,
    },
    expected: ["line 9: report by a raw id"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id gathered into a list of conditions, in a query finished later",
    files: {
      "app/domain/referrals/find.server.ts": `${domainHead}
export async function find(scope: Scope, id: string) {
  const conditions = [eq(referral.status, "submitted")];
  conditions.push(eq(referral.id, id));
  const query = scope.db.select().from(referral).$dynamic();
  return query.where(and(...conditions));
}`,
    },
    expected: ["line 10: referral by id"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id in raw SQL, and through a helper that builds the condition",
    files: {
      "app/domain/referrals/raw.server.ts": `${domainHead}
const byId = (id: string) => eq(report.id, id);
export async function raw(scope: Scope, id: string) {
  await scope.db.execute(sql\`select * from \${referral} where \${referral.id} = \${id}\`);
  return scope.db.select().from(report).where(byId(id));
}`,
    },
    expected: ["line 9: referral by id", "line 10: report by id"],
  },
  {
    rule: scopedReadRule,
    name: "a health-data table scoped only through the referral it is joined to",
    files: {
      "app/domain/assessments/answers.server.ts": `${domainHead}
export async function answers(scope: Scope, id: string) {
  return scope.db
    .select()
    .from(questionnaireResponse)
    .innerJoin(referral, eq(referral.id, questionnaireResponse.referralId))
    .where(and(eq(referral.id, id), visibleReferrals(scope)));
}`,
    },
    expected: ["line 8: questionnaireResponse health data"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id through a look-alike of a builder",
    files: {
      "app/domain/referrals/own.server.ts": `
import { and, eq, sql } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
const visibleReferrals = (_scope: Scope) => sql\`true\`;
export async function getReferral(scope: Scope, id: string) {
  return scope.db.select().from(referral).where(and(eq(referral.id, id), visibleReferrals(scope)));
}`,
    },
    expected: ["line 7: referral by id"],
  },
  {
    rule: scopedReadRule,
    name: "a read by id of an aliased table, with its condition assigned later",
    files: {
      "app/domain/referrals/alias.server.ts": `${domainHead}
const r = referral;
export async function get(scope: Scope, id: string) {
  let where;
  where = eq(r.id, id);
  return scope.db.select().from(r).where(where);
}`,
    },
    expected: ["line 11: referral by id"],
  },
  {
    rule: scopedReadRule,
    name: "a count by id, and a read through the relational API",
    files: {
      "app/domain/referrals/count.server.ts": `${domainHead}
export async function exists(scope: Scope, id: string) {
  const n = await scope.db.$count(referral, eq(referral.id, id));
  return n > 0 ? scope.db.query.report.findFirst({ where: (r, { eq }) => eq(r.id, id) }) : null;
}`,
    },
    expected: ["line 8: referral by id", "line 9: report through the relational API"],
  },
  {
    rule: "routes and jobs call the domain with the caller's scope first",
    name: "a route handing a use case the database and an organisation id",
    files: {
      "app/routes/employer/x.tsx": `import { listCases } from "~/domain/referrals/list.server.ts";\nexport const loader = () => listCases(db, "org-1");`,
      "app/domain/referrals/list.server.ts": `import type { Database } from "~/domain/kernel/database.ts";\nexport async function listCases(db: Database, organisationId: string) {}`,
    },
    expected: ["app/routes/employer/x.tsx -> listCases (app/domain/referrals/list.server.ts)"],
  },
  {
    rule: "every form with fields, POST or GET, is a Conform form with its schema",
    name: "a form with a field and no Conform props",
    files: {
      "app/routes/x.tsx": `export default function Page() {
  return (
    <Form method="post">
      <Textarea name="notes" />
    </Form>
  );
}`,
    },
    expected: ["line 3"],
  },
  {
    rule: "route modules read posted forms through their schema, not by hand",
    name: "formData.get in an action",
    files: {
      "app/routes/x.tsx": `export async function action({ request }) {
  const formData = await request.formData();
  return formData.get("intent");
}`,
    },
    expected: ["line 3"],
  },
  {
    rule: "route modules read posted forms through their schema, not by hand",
    name: "a posted form read through an alias and through destructuring",
    missedByText: true,
    files: {
      "app/routes/x.tsx": `export async function action({ request }) {
  const posted = await request.formData();
  const body = posted;
  const { get } = body;
  const values = body;
  return [get("intent"), values.get("id")];
}`,
    },
    expected: ["line 4", "line 6"],
  },
  {
    rule: "route modules read posted forms through their schema, not by hand",
    name: "Object.fromEntries of a posted form, and getAll on request.formData()",
    missedByText: true,
    files: {
      "app/routes/x.tsx": `import { z } from "zod";
export async function action({ request }) {
  const form = await request.formData();
  const { intent } = z.object({ intent: z.string() }).parse(Object.fromEntries(form));
  const times = (await request.clone().formData()).getAll("times");
  return { intent, times };
}`,
    },
    expected: ["line 4", "line 5"],
  },
  {
    rule: "route modules read posted forms through their schema, not by hand",
    name: "a posted form handed to a route helper that does not take it as a FormData",
    files: {
      "app/routes/x.tsx": `import { helper } from "./helper.server.ts";
export async function action({ request }) {
  return helper(await request.formData());
}`,
      "app/routes/helper.server.ts": `export function helper(form: any) {
  return form.get("intent");
}`,
    },
    expected: ["line 3"],
  },
  {
    rule: "every POST form of the employer area carries the organisation its page was for",
    name: "a POST form of the employer area without the organisation",
    files: {
      "app/routes/employer/x.tsx": `export default function Page() {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel" />
    </fetcher.Form>
  );
}`,
    },
    expected: ["line 3"],
  },
];

export const correct: Fixture[] = [
  {
    rule: "no runtime import cycles",
    name: "a cycle through a type-only import and a dynamic import",
    files: {
      "app/domain/a.ts": `import type { B } from "./b.ts";\nimport { type C } from "./c.ts";\nexport type A = B | C;\nexport const load = () => import("./b.ts");`,
      "app/domain/b.ts": `import { a } from "./a.ts";\nexport type B = string;\nexport const b = a;`,
      "app/domain/c.ts": `import { load } from "./a.ts";\nexport type C = number;\nexport const c = load;`,
    },
    expected: [],
  },
  {
    rule: "the domain imports neither routes nor components",
    name: "a route importing the domain",
    files: {
      "app/routes/x.tsx": `import { x } from "~/domain/referrals/x.server.ts";\nexport const loader = x;`,
      "app/domain/referrals/x.server.ts": "export const x = 1;",
    },
    expected: [],
  },
  {
    rule: "the kernel imports no domain area",
    name: "a kernel file importing the schema, a library and the kernel; an area importing the kernel",
    files: {
      "app/domain/kernel/visibility.server.ts": `import { sql } from "drizzle-orm";\nimport { referral } from "~/db/schema/index.ts";\nimport type { Actor } from "./actor.ts";\nexport const v = (a: Actor) => sql\`\${referral.id}\`;`,
      "app/domain/kernel/actor.ts": "export type Actor = { role: string };",
      "app/db/schema/index.ts": "export const referral = {};",
      "app/domain/doctor/doctor-queue.ts": `import { v } from "~/domain/kernel/visibility.server.ts";\nexport const q = v;`,
      "app/domain/kernel/visibility.integration.test.ts": `import { q } from "~/domain/doctor/doctor-queue.ts";\nq;`,
    },
    expected: [],
  },
  {
    rule: "services are adapters: they do not import the domain at runtime",
    name: "an adapter importing a domain type",
    files: {
      "app/services/mail.server.ts": `import type { Mail } from "~/domain/mail/mail.ts";\nexport const send = (m: Mail) => m;`,
      "app/domain/mail/mail.ts": "export interface Mail { to: string }",
    },
    expected: [],
  },
  {
    rule: "the domain and jobs reach other servers only through adapters",
    name: "a use case sending through its adapter, and a service using fetch",
    files: {
      "app/domain/api/deliver.server.ts": `import type { IncomingHttpHeaders } from "node:http";
import type { Scope } from "~/domain/kernel/scope.ts";
export async function deliver(scope: Scope, url: string, headers: IncomingHttpHeaders) {
  return scope.adapters.webhooks.post({ url, body: "", headers: {}, timeoutMs: 1 });
}`,
      "app/services/webhooks/sender.server.ts": `export const post = (url: string) => fetch(url);`,
    },
    expected: [],
  },
  {
    rule: "product code does not import test helpers",
    name: "a test importing a factory",
    files: {
      "app/routes/x.test.ts": `import { makeReferral } from "~tests/factories.ts";\nmakeReferral();`,
      "tests/factories.ts": "export function makeReferral() {}",
    },
    expected: [],
  },
  {
    rule: scopedReadRule,
    name: "reads by id and of health data with the builders, and the actor's own rows",
    files: {
      "app/domain/doctor/case.server.ts": `${domainHead}
export async function caseOf(scope: Scope, id: string) {
  const visible = visibleReferrals(scope);
  const [c] = await scope.db.select().from(referral).where(and(eq(referral.id, id), visible));
  const conditions = [eq(caseClinicalNote.referralId, c.id)];
  conditions.push(visibleClinicalNotes(scope));
  const [notes] = await scope.db.select().from(caseClinicalNote).where(and(...conditions));
  const reports = await scope.db
    .select()
    .from(report)
    .where(and(inArray(report.id, [c.reportId]), visibleReports(scope)));
  const own = await scope.db
    .select()
    .from(report)
    .where(and(eq(report.referralId, id), eq(report.doctorId, scope.actor.userId)));
  // An update is not a read; a join on an id is not a read by an id the caller chose.
  await scope.db.update(referral).set({ urgent: true }).where(eq(referral.id, c.id));
  return { c, notes, reports, own };
}`,
    },
    expected: [],
  },
  {
    rule: "routes and jobs call the domain with the caller's scope first",
    name: "a route handing a use case its scope",
    files: {
      "app/routes/employer/x.tsx": `import { listCases } from "~/domain/referrals/list.server.ts";\nexport const loader = () => listCases(scope, { page: 1 });`,
      "app/domain/referrals/list.server.ts": `import type { Scope } from "~/domain/kernel/scope.ts";\nexport async function listCases(scope: Scope, query: { page: number }) {}`,
    },
    expected: [],
  },
  {
    rule: "every form with fields, POST or GET, is a Conform form with its schema",
    name: "a Conform form, and a form of one button with hidden fields",
    files: {
      "app/routes/x.tsx": `export default function Page() {
  return (
    <>
      <Form method="post" {...getFormProps(form)}>
        <Input name="a" />
      </Form>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit">Cancel</Button>
      </fetcher.Form>
    </>
  );
}`,
    },
    expected: [],
  },
  {
    rule: "route modules read posted forms through their schema, not by hand",
    name: "a form read through its schema, directly and by a helper, and the pending navigation",
    files: {
      "app/routes/x.tsx": `import { parseSubmission } from "~/lib/form-submission.ts";
export async function action({ request }) {
  const formData = await request.formData();
  const first = parseSubmission(formData, schema);
  return decide(formData);
}
function decide(form: FormData) {
  return parseSubmission(form, other);
}
export default function Page() {
  const busy = navigation.formData?.get("intent");
  return busy;
}`,
    },
    expected: [],
  },
  {
    rule: "every POST form of the employer area carries the organisation its page was for",
    name: "a POST form with the organisation, a GET form and signing out",
    files: {
      "app/routes/employer/x.tsx": `export default function Page() {
  return (
    <>
      <fetcher.Form method="post">
        <OrganisationField />
      </fetcher.Form>
      <Form method="get" />
      <Form method="post" action="/logout" />
    </>
  );
}`,
    },
    expected: [],
  },
];
