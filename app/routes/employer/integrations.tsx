import type { SubmissionResult } from "@conform-to/react";
import { KeyRoundIcon, PlugIcon, WebhookIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { data, Link } from "react-router";
import {
  ConfirmPanel,
  IntentForm,
  OneButtonForm,
  useSubmittingIntent,
} from "~/components/forms/intent-form.tsx";
import { TextField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { SectionCard, SettingsPageHeader } from "~/components/section-card.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { createApiKeySchema, revokeApiKeySchema } from "~/domain/api/api-key-input.ts";
import { apiScopeLabels, apiScopes } from "~/domain/api/api-scopes.ts";
import { changeWebhookEndpoint } from "~/domain/api/change-webhook-endpoint.server.ts";
import { createApiKey } from "~/domain/api/create-api-key.server.ts";
import { createWebhookEndpoint } from "~/domain/api/create-webhook-endpoint.server.ts";
import { listApiKeys } from "~/domain/api/list-api-keys.server.ts";
import { listWebhookEndpoints } from "~/domain/api/list-webhook-endpoints.server.ts";
import { resendWebhookDelivery } from "~/domain/api/resend-webhook-delivery.server.ts";
import { revokeApiKey } from "~/domain/api/revoke-api-key.server.ts";
import { webhookEventLabels, webhookEvents } from "~/domain/api/webhook-events.ts";
import {
  createWebhookEndpointSchema,
  integrationsIntentSchema,
  resendWebhookSchema,
  webhookEndpointActionSchema,
} from "~/domain/api/webhook-input.ts";
import { formatDateTime, formatShortDate } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { teamRoleRefusal } from "~/middleware/employer.server.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = () => privatePageMeta("API and webhooks");

/**
 * The organisation's integrations (docs/api.md): API keys for its HR system. Owners and HR
 * administrators only; a manager is told their role does not include it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const keys = await listApiKeys(scope).catch(teamRoleRefusal("integrations"));
  const endpoints = await listWebhookEndpoints(scope);
  return {
    endpoints: endpoints.map((endpoint) => ({
      ...endpoint,
      createdAt: formatShortDate(endpoint.createdAt),
      failingSince: endpoint.failingSince ? formatDateTime(endpoint.failingSince) : null,
      disabledAt: endpoint.disabledAt ? formatDateTime(endpoint.disabledAt) : null,
      previousSecretUntil: endpoint.previousSecretUntil
        ? formatDateTime(endpoint.previousSecretUntil)
        : null,
      deliveries: endpoint.deliveries.map((d) => ({
        id: d.id,
        messageId: d.messageId,
        eventType: d.eventType,
        status: d.status,
        createdAt: formatDateTime(d.createdAt),
        nextAttemptAt: d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : null,
        attempts: d.attemptLog.map((a) => ({
          at: formatDateTime(a.attemptedAt),
          statusCode: a.statusCode,
          responseMs: a.responseMs,
          error: a.error,
        })),
      })),
    })),
    organisationName: scope.actor.role === "employer" ? scope.actor.organisationName : "",
    keys: keys.map((key) => ({
      ...key,
      createdAt: formatShortDate(key.createdAt),
      expiresAt: key.expiresAt ? formatShortDate(key.expiresAt) : null,
      lastUsedAt: key.lastUsedAt ? formatShortDate(key.lastUsedAt) : null,
    })),
  };
}

type ActionResult =
  | { intent: "create-key" | "create-endpoint"; ok: false; result: SubmissionResult<string[]> }
  | {
      intent: "create-key";
      ok: true;
      result: SubmissionResult<string[]>;
      created: { name: string; secret: string };
    }
  | { intent: "revoke-key"; ok: false; confirm: string }
  | { intent: "revoke-key"; ok: true; message: string }
  | {
      intent: "create-endpoint" | "rotate-secret";
      ok: true;
      signingSecret: string;
      result?: SubmissionResult<string[]>;
    }
  | { intent: "delete-endpoint"; ok: false; confirm: string }
  | { intent: "enable-endpoint" | "delete-endpoint" | "send-again"; ok: true; message: string }
  | { intent: string; ok: false; message: string };

/** A create form sent back with what is wrong in it, under its intent. */
const formRefused = (
  intent: "create-key" | "create-endpoint",
  result: SubmissionResult<string[]>,
) => data<ActionResult>({ intent, ok: false, result }, { status: 400 });

export async function action({ request, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const form = await request.formData();
  const sent = parseSubmission(form, integrationsIntentSchema);
  const intent = sent.status === "success" ? sent.value.intent : "create-key";
  try {
    const revoke = parseSubmission(form, revokeApiKeySchema);
    if (intent === "revoke-key" && revoke.status === "success") {
      // Revoking asks first: without `confirm=yes` the row turns into the question.
      if (revoke.value.confirm !== "yes")
        return data<ActionResult>({ intent: "revoke-key", ok: false, confirm: revoke.value.keyId });
      const { name } = await revokeApiKey(scope, revoke.value.keyId);
      return data<ActionResult>({
        intent: "revoke-key",
        ok: true,
        message: `“${name}” is revoked: calls with it are refused from now on.`,
      });
    }
    const endpointAction = parseSubmission(form, webhookEndpointActionSchema);
    if (endpointAction.status === "success") {
      const { intent, endpointId, confirm } = endpointAction.value;
      if (intent === "delete-endpoint" && confirm !== "yes")
        return data<ActionResult>({ intent, ok: false, confirm: endpointId });
      const changed = await changeWebhookEndpoint(scope, { intent, endpointId });
      if (intent === "rotate-secret")
        return data<ActionResult>({ intent, ok: true, signingSecret: changed.secret ?? "" });
      return data<ActionResult>({
        intent,
        ok: true,
        message:
          intent === "delete-endpoint"
            ? "The endpoint is deleted, with its delivery log."
            : "The endpoint is on again. Send the events it missed from its delivery log.",
      });
    }
    const resend = parseSubmission(form, resendWebhookSchema);
    if (intent === "send-again" && resend.status === "success") {
      await resendWebhookDelivery(scope, resend.value.deliveryId);
      return data<ActionResult>({
        intent: "send-again",
        ok: true,
        message: "The event will be sent again within a minute.",
      });
    }
    if (intent === "create-endpoint") {
      const endpoint = parseSubmission(form, createWebhookEndpointSchema);
      if (endpoint.status !== "success") return formRefused("create-endpoint", endpoint.reply());
      const created = await createWebhookEndpoint(scope, endpoint.value);
      if (created.status === "refused")
        return formRefused(
          "create-endpoint",
          endpoint.reply({ fieldErrors: { url: [created.message] } }),
        );
      return data<ActionResult>({
        intent: "create-endpoint",
        ok: true,
        signingSecret: created.secret,
        result: endpoint.reply({ resetForm: true }),
      });
    }
    const submission = parseSubmission(form, createApiKeySchema);
    if (submission.status !== "success") return formRefused("create-key", submission.reply());
    const created = await createApiKey(scope, submission.value);
    // The secret is in this answer only: it is never stored and never shown again.
    return data<ActionResult>({
      intent: "create-key",
      ok: true,
      // The form is emptied for the next key; the secret is shown above it.
      result: submission.reply({ resetForm: true }),
      created: { name: created.name, secret: created.secret },
    });
  } catch (error) {
    return refusalResponse(
      error,
      (refusal): ActionResult => ({ intent: "any", ok: false, message: refusal.message }),
      { notFound: "inline" },
    );
  }
}

const stateBadge = {
  active: <Badge variant="outline">Active</Badge>,
  expired: <Badge variant="secondary">Expired</Badge>,
  revoked: <Badge variant="destructive">Revoked</Badge>,
} as const;

export default function IntegrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { keys, endpoints, organisationName } = loaderData;
  const signingSecret =
    actionData?.ok && "signingSecret" in actionData ? actionData.signingSecret : null;
  const created = actionData?.ok && "created" in actionData ? actionData.created : null;
  const confirming = actionData && "confirm" in actionData ? actionData.confirm : null;
  const notice = actionData?.ok && "message" in actionData ? actionData.message : null;
  const refusal =
    actionData && !actionData.ok && "message" in actionData ? actionData.message : null;
  return (
    // One column that may be narrower than its widest unbreakable content (a key, an address),
    // so the page reflows at 320 px instead of the column setting its width.
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6">
      <SettingsPageHeader
        organisationName={organisationName}
        title="API and webhooks"
        refusal={refusal}
        notice={notice}
      >
        Connect your HR system to ReferOH: it can make referrals, follow their progress and fetch
        released reports. Read the{" "}
        <Link to="/api-reference" className="font-medium text-foreground underline">
          API reference
        </Link>
        .
      </SettingsPageHeader>
      {created ? (
        <SecretShownOnce
          testId="new-api-key"
          title={<>Your new key “{created.name}”</>}
          secret={created.secret}
        >
          Copy it now and keep it in your HR system's secret store: it is not shown again.
        </SecretShownOnce>
      ) : null}

      {signingSecret ? (
        <SecretShownOnce
          testId="webhook-secret"
          title="The endpoint's signing secret"
          secret={signingSecret}
        >
          Verify each event's signature with it (docs: Standard Webhooks). It is not shown again;
          after a rotation the previous secret keeps signing for 24 hours.
        </SecretShownOnce>
      ) : null}

      <CreateKeyCard
        lastResult={
          actionData?.intent === "create-key" && "result" in actionData ? actionData.result : null
        }
      />

      <SectionCard
        icon={KeyRoundIcon}
        title={<>API keys ({keys.length})</>}
        description={
          <>
            A key acts for {organisationName}, not for a person: it keeps working when the person
            who made it leaves the team, and stops when it expires or is revoked.
          </>
        }
      >
        {keys.length === 0 ? (
          <p className="rounded-lg border border-dashed px-6 py-8 text-center text-muted-foreground">
            No API keys yet.
          </p>
        ) : (
          <DataTable
            aria-label="API keys"
            columns={[
              "Name",
              "Scopes",
              "Created",
              "Expires",
              "Last used",
              "State",
              <span key="actions" className="sr-only">
                Actions
              </span>,
            ]}
          >
            {keys.map((key) => (
              <TableRow key={key.id}>
                <TableCell label="Name">
                  <p className="font-medium">{key.name}</p>
                  <p className="font-mono text-muted-foreground text-xs">{key.prefix}…</p>
                </TableCell>
                <TableCell label="Scopes">
                  <ul className="grid gap-0.5 font-mono text-xs">
                    {key.scopes.map((s) => (
                      <li key={s}>{s}</li>
                    ))}
                  </ul>
                </TableCell>
                <TableCell label="Created">{key.createdAt}</TableCell>
                <TableCell label="Expires">{key.expiresAt ?? "Never"}</TableCell>
                <TableCell label="Last used">{key.lastUsedAt ?? "Never"}</TableCell>
                <TableCell label="State">{stateBadge[key.state]}</TableCell>
                <TableCell label={key.state === "active" ? "Actions" : undefined}>
                  {key.state !== "active" ? null : confirming === key.id ? (
                    <ConfirmPanel
                      fields={{ intent: "revoke-key", keyId: key.id, confirm: "yes" }}
                      question={`Revoke “${key.name}”? Calls with it are refused at once.`}
                      yes="Yes, revoke"
                    />
                  ) : (
                    <OneButtonForm
                      fields={{ intent: "revoke-key", keyId: key.id }}
                      label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </OneButtonForm>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </SectionCard>

      <CreateEndpointCard
        lastResult={
          actionData?.intent === "create-endpoint" && "result" in actionData
            ? (actionData.result ?? null)
            : null
        }
      />

      {endpoints.map((endpoint) => (
        <SectionCard
          key={endpoint.id}
          icon={WebhookIcon}
          title={<span className="break-all">{endpoint.url}</span>}
          description={
            <>
              {endpoint.disabledAt
                ? `Switched off on ${endpoint.disabledAt}${endpoint.disabledReason === "failing" ? ": every delivery failed for 3 days" : ""}.`
                : endpoint.failingSince
                  ? `Failing since ${endpoint.failingSince}: it is switched off after 3 days of failures.`
                  : `Sending since ${endpoint.createdAt}.`}{" "}
              Events: {endpoint.events.join(", ")}.
              {endpoint.previousSecretUntil
                ? ` The previous secret also signs until ${endpoint.previousSecretUntil}.`
                : ""}
            </>
          }
        >
          <div className="mb-4 flex flex-wrap gap-2">
            {endpoint.disabledAt ? (
              <OneButtonForm
                fields={{ intent: "enable-endpoint", endpointId: endpoint.id }}
                variant="outline"
              >
                Switch on again
              </OneButtonForm>
            ) : null}
            <OneButtonForm
              fields={{ intent: "rotate-secret", endpointId: endpoint.id }}
              variant="outline"
            >
              Rotate the signing secret
            </OneButtonForm>
            {confirming === endpoint.id ? (
              <OneButtonForm
                fields={{ intent: "delete-endpoint", endpointId: endpoint.id, confirm: "yes" }}
                variant="destructive"
              >
                Yes, delete it and its log
              </OneButtonForm>
            ) : (
              <OneButtonForm
                fields={{ intent: "delete-endpoint", endpointId: endpoint.id }}
                variant="destructive"
              >
                Delete
              </OneButtonForm>
            )}
          </div>
          <h3 className="mb-2 font-medium">Delivery log</h3>
          {endpoint.deliveries.length === 0 ? (
            <p className="rounded-lg border border-dashed px-6 py-6 text-center text-muted-foreground">
              No events sent yet.
            </p>
          ) : (
            <DataTable
              aria-label={`Deliveries to ${endpoint.url}`}
              columns={[
                "Event",
                "Status",
                "Attempts",
                <span key="actions" className="sr-only">
                  Actions
                </span>,
              ]}
            >
              {endpoint.deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell label="Event">
                    <p className="font-mono text-sm">{d.eventType}</p>
                    <p className="text-muted-foreground text-xs">
                      {d.createdAt} · {d.messageId}
                    </p>
                  </TableCell>
                  <TableCell label="Status">
                    {d.status === "delivered" ? (
                      <Badge variant="outline">Delivered</Badge>
                    ) : d.status === "failed" ? (
                      <Badge variant="destructive">Failed</Badge>
                    ) : (
                      <Badge variant="secondary">
                        Retrying{d.nextAttemptAt ? ` at ${d.nextAttemptAt}` : ""}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell label="Attempts">
                    <ul className="grid gap-0.5 text-sm">
                      {d.attempts.map((a) => (
                        <li key={a.at + String(a.statusCode)}>
                          {a.at}: {a.statusCode ?? a.error ?? "no answer"} in {a.responseMs} ms
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell label={d.status === "pending" ? undefined : "Actions"}>
                    {d.status === "pending" || endpoint.disabledAt ? null : (
                      <OneButtonForm
                        fields={{ intent: "send-again", deliveryId: d.id }}
                        variant="outline"
                      >
                        Send again
                      </OneButtonForm>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          )}
        </SectionCard>
      ))}
    </div>
  );
}

function CreateEndpointCard({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm({
    id: "create-webhook-endpoint",
    schema: createWebhookEndpointSchema,
    lastResult,
  });
  const summary = errorSummary(fields, { url: "url", events: "event-referral-status_changed" });
  return (
    <CreateFormCard
      icon={WebhookIcon}
      title="Add a webhook endpoint"
      description="ReferOH sends the events you choose to this address, signed by the Standard Webhooks scheme. Events carry references and statuses only; fetch a report through the API."
      summary={summary}
      form={form}
      intent="create-endpoint"
    >
      <TextField
        label="Address"
        hint="For example: https://hr.example.com/referoh-events"
        field={fields.url}
        type="url"
        autoComplete="off"
      />
      <ChoiceList
        legend="Events"
        field={fields.events}
        idPrefix="event"
        values={webhookEvents}
        labels={webhookEventLabels}
        tickedAtFirst={["referral.status_changed", "report.released"]}
      />
      <div>
        <Button type="submit">Add endpoint</Button>
      </div>
    </CreateFormCard>
  );
}

function CreateKeyCard({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useSchemaForm({
    id: "create-api-key",
    schema: createApiKeySchema,
    lastResult,
  });
  const summary = errorSummary(fields, {
    name: "name",
    scopes: "scope-referrals-read",
    expiresOn: "expiresOn",
  });
  const creating = useSubmittingIntent() === "create-key";
  return (
    <CreateFormCard
      icon={PlugIcon}
      title="Create an API key"
      description="Give each system its own key, with only the scopes it needs."
      summary={summary}
      form={form}
      intent="create-key"
    >
      <TextField
        label="Name"
        hint="For example: Payroll sync"
        field={fields.name}
        autoComplete="off"
      />
      <ChoiceList
        legend="What the key may do"
        field={fields.scopes}
        idPrefix="scope"
        values={apiScopes}
        labels={apiScopeLabels}
        tickedAtFirst={["referrals:read"]}
      />
      <TextField
        label="Last day (optional)"
        hint="The key stops working at the end of this day, UK time. Leave empty for no expiry."
        field={fields.expiresOn}
        type="date"
      />
      <div>
        <Button type="submit" disabled={creating}>
          {creating ? "Creating..." : "Create key"}
        </Button>
      </div>
    </CreateFormCard>
  );
}

/** A section that creates something: its error summary above one form. */
function CreateFormCard<Fields extends Record<string, unknown>>({
  summary,
  form,
  intent,
  children,
  ...card
}: Omit<ComponentProps<typeof SectionCard>, "children"> &
  Pick<ComponentProps<typeof IntentForm<Fields>>, "form" | "intent"> & {
    summary: ComponentProps<typeof ErrorSummary>["errors"];
    children: ReactNode;
  }) {
  return (
    <SectionCard {...card}>
      <ErrorSummary errors={summary} className="mb-4" />
      <IntentForm
        form={form}
        intent={intent}
        className="grid max-w-2xl grid-cols-[minmax(0,1fr)] gap-5"
      >
        {children}
      </IntentForm>
    </SectionCard>
  );
}

/** A secret shown once, just after it is made: what it is for, then the secret to copy. */
function SecretShownOnce({
  testId,
  title,
  secret,
  children,
}: {
  testId: string;
  title: ReactNode;
  secret: string;
  children: ReactNode;
}) {
  return (
    <Alert role="status" data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{children}</p>
        <code className="mt-2 block break-all rounded-md bg-muted p-3 font-mono text-foreground text-sm">
          {secret}
        </code>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Checkboxes for one field that takes several values (scopes, events): each value in code type
 * with its words beneath; the field's error above them. Ticked as sent, or as suggested at first.
 */
function ChoiceList<V extends string>({
  legend,
  field: { name, errors, initialValue },
  idPrefix,
  values,
  labels,
  tickedAtFirst,
}: {
  legend: string;
  field: { name: string; errors?: string[]; initialValue?: unknown };
  idPrefix: string;
  values: readonly V[];
  labels: Record<V, string>;
  tickedAtFirst: readonly V[];
}) {
  const ticked = new Set(([] as unknown[]).concat(initialValue ?? tickedAtFirst).map(String));
  return (
    <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <legend className="mb-2 font-medium">{legend}</legend>
      {errors ? <p className="font-medium text-destructive text-sm">{errors[0]}</p> : null}
      {values.map((value) => {
        const id = `${idPrefix}-${value.replace(/[.:]/, "-")}`;
        return (
          <div key={value} className="flex items-start gap-3">
            <NativeCheckbox
              id={id}
              name={name}
              value={value}
              defaultChecked={ticked.has(value)}
              wrapperClassName="mt-0.5"
            />
            <label htmlFor={id} className="min-w-0 cursor-pointer [overflow-wrap:anywhere]">
              <span className="font-mono text-sm">{value}</span>
              <span className="block text-muted-foreground text-sm">{labels[value]}</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
