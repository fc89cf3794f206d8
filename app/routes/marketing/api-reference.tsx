import { PageHero, Section } from "~/components/marketing/section.tsx";
import { runtimeContext } from "~/context.ts";
import { pageMeta } from "~/lib/page-meta.ts";
import { apiDocument } from "~/routes/api/contract.ts";
import type { Route } from "./+types/api-reference";

export const meta = () =>
  pageMeta({
    title: "API reference | ReferOH",
    description:
      "The ReferOH REST API for HR systems: referrals, reports and credits, with signed webhooks.",
    path: "/api-reference",
  });

type Json = Record<string, unknown>;

interface Operation {
  method: string;
  path: string;
  id: string;
  summary: string;
  description: string | null;
  scope: string | null;
  parameters: { name: string; in: string; required: boolean; description: string | null }[];
  body: string | null;
  responses: { status: string; description: string; schema: string | null }[];
}

/** A schema as a reader wants it: its `$ref`s named, the rest as JSON. */
function schemaText(schema: unknown): string | null {
  if (!schema) return null;
  return JSON.stringify(schema, null, 2).replaceAll(
    /"\$ref": "#\/components\/schemas\/([^"]+)"/g,
    '"$ref": "$1"',
  );
}

/**
 * The API reference (docs/api.md), rendered on the server from the very OpenAPI document
 * `/api/v1/openapi.json` serves (`apiDocument`), so it cannot drift from the API; it needs no
 * script and loads nothing from another origin.
 */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(runtimeContext).adapters.publicUrl.replace(/\/$/, "");
  const document = apiDocument(`${origin}/api/v1`) as unknown as {
    info: { description: string };
    servers: { url: string }[];
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Record<string, unknown> };
  };
  const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      id: String(op.operationId),
      summary: String(op.summary ?? ""),
      description: (op.description as string | undefined) ?? null,
      scope: (op["x-required-scope"] as string | undefined) ?? null,
      parameters: ((op.parameters as Json[] | undefined) ?? []).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        description: ((p.schema as Json | undefined)?.description as string | undefined) ?? null,
      })),
      body: schemaText(
        ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"]
          ? (((op.requestBody as Json).content as Json)["application/json"] as Json).schema
          : null,
      ),
      responses: Object.entries(op.responses as Record<string, Json>).map(([status, r]) => {
        const content = r.content as Record<string, Json> | undefined;
        const first = content ? Object.values(content)[0] : undefined;
        return {
          status,
          description: String(r.description ?? ""),
          schema: schemaText(first?.schema),
        };
      }),
    })),
  );
  return {
    server: document.servers[0]?.url ?? "",
    operations,
    schemas: Object.entries(document.components.schemas).map(([name, schema]) => ({
      name,
      text: schemaText(schema) ?? "",
    })),
  };
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { server, operations, schemas } = loaderData;
  return (
    <>
      <PageHero eyebrow="For developers" title="API reference">
        <p>
          Connect your HR system to ReferOH: make referrals, follow them, fetch released reports and
          hear about changes through signed webhooks. Every call is made with an API key that an
          owner or HR administrator creates on the organisation's API and webhooks page, sent as{" "}
          <code>Authorization: Bearer roh_live_…</code>.
        </p>
        <p>
          Base address: <code className="break-all">{server}</code>. The machine-readable{" "}
          <a className="font-medium underline" href="/api/v1/openapi.json">
            OpenAPI 3.1 document
          </a>{" "}
          describes the same endpoints. Errors are RFC 9457 problem details; writes take an{" "}
          <code>Idempotency-Key</code> header.
        </p>
      </PageHero>

      <Section title="Endpoints">
        <nav aria-label="Endpoints" className="mb-8">
          <ul className="grid gap-1 text-sm">
            {operations.map((op) => (
              // A path is one long word: it may break anywhere rather than push the page sideways.
              <li key={op.id} className="min-w-0 [overflow-wrap:anywhere]">
                <a className="underline" href={`#${op.id}`}>
                  <span className="font-mono">
                    {op.method} {op.path}
                  </span>
                </a>{" "}
                {op.summary}
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-10">
          {operations.map((op) => (
            <article
              key={op.id}
              id={op.id}
              aria-labelledby={`${op.id}-title`}
              className="grid gap-3"
            >
              <h3 id={`${op.id}-title`} className="font-semibold text-xl">
                <span className="mr-2 rounded bg-primary px-2 py-0.5 font-mono text-primary-foreground text-sm">
                  {op.method}
                </span>
                <span className="break-all font-mono">{op.path}</span>
              </h3>
              <p>{op.summary}</p>
              {op.description ? <p className="text-muted-foreground">{op.description}</p> : null}
              {op.scope ? (
                <p className="text-sm">
                  Scope: <code>{op.scope}</code>
                </p>
              ) : null}
              {op.parameters.length ? (
                <dl className="grid gap-1 text-sm">
                  {op.parameters.map((p) => (
                    <div key={`${p.in}-${p.name}`}>
                      <dt className="inline font-mono">{p.name}</dt>{" "}
                      <dd className="inline text-muted-foreground">
                        ({p.in}
                        {p.required ? ", required" : ""}){p.description ? ` ${p.description}` : ""}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {op.body ? (
                <details>
                  <summary className="cursor-pointer font-medium">Request body (JSON)</summary>
                  <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">
                    {op.body}
                  </pre>
                </details>
              ) : null}
              <ul className="grid gap-1 text-sm">
                {op.responses.map((r) => (
                  <li key={r.status}>
                    <span className="font-mono font-semibold">{r.status}</span> {r.description}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Section>

      <Section title="Schemas" tone="muted">
        <div className="grid gap-4">
          {schemas.map((schema) => (
            <details key={schema.name} id={`schema-${schema.name}`}>
              <summary className="cursor-pointer font-medium font-mono">{schema.name}</summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-background p-3 text-xs">
                {schema.text}
              </pre>
            </details>
          ))}
        </div>
      </Section>
    </>
  );
}
