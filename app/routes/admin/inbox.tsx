import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { AdminListPage, AdminResults, adminMeta } from "~/components/admin/list-page.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { type InboxItem, listInbox } from "~/domain/admin/inbox.server.ts";
import {
  type InboxKind,
  inboxFilterSchema,
  inboxKinds,
  markHandledSchema,
} from "~/domain/admin/inbox.ts";
import { markInboxItemHandled } from "~/domain/admin/mark-inbox-item-handled.server.ts";
import { cn } from "~/lib/cn";
import { formatDateTime } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { isUuid } from "~/lib/ids.ts";
import type { Route } from "./+types/inbox";
import { adminList, adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Inbox");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope, filter } = adminList(context, request, inboxFilterSchema);
  return { filter, inbox: await listInbox(scope, filter) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const scope = adminScope(context);
  const submission = parseSubmission(await request.formData(), markHandledSchema);
  if (submission.status !== "success") throw data("Unknown inbox", { status: 400 });
  const { kind, id } = submission.value;
  // The id is the page's own hidden field: one that does not read is not one of ours.
  if (!isUuid(id)) throw data("Not found", { status: 404 });
  const result = await markInboxItemHandled(scope, { kind, id });
  if (result === "not-found") throw data("Message not found", { status: 404 });
  return { ok: true as const };
}

const kindLabels: Record<InboxKind, string> = {
  contact: "Contact messages",
  interest: "Interest registrations",
};

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, inbox } = loaderData;
  useEffect(() => {
    if (actionData?.ok) toast("Marked as handled");
  }, [actionData]);
  return (
    <AdminListPage
      title="Inbox"
      description="Messages from the contact form and registrations of interest. Mark each one handled once someone has replied."
    >
      <nav aria-label="Inbox" className="flex flex-wrap gap-2">
        {inboxKinds.map((kind) => (
          <Link
            key={kind}
            to={`?kind=${kind}&state=${filter.state}`}
            aria-current={filter.kind === kind ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm",
              filter.kind === kind
                ? "border-primary bg-primary text-primary-foreground"
                : "bg-card",
            )}
          >
            {kindLabels[kind]} ({inbox.open[kind]} open)
          </Link>
        ))}
      </nav>
      <nav aria-label="Show" className="flex flex-wrap gap-3 text-sm">
        {(["open", "handled", "all"] as const).map((state) => (
          <Link
            key={state}
            to={`?kind=${filter.kind}&state=${state}`}
            aria-current={filter.state === state ? "page" : undefined}
            className={cn(
              "underline-offset-4 hover:underline",
              filter.state === state ? "font-semibold" : "text-primary",
            )}
          >
            {state === "open" ? "Not handled" : state === "handled" ? "Handled" : "All"}
          </Link>
        ))}
      </nav>
      <AdminResults page={inbox} noun="items" empty="Nothing here.">
        <ul className="grid gap-3">
          {inbox.rows.map((item) => (
            <li key={item.id} className="rounded-xl border bg-card p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-semibold">
                    {item.name}
                    {item.company ? (
                      <span className="font-normal text-muted-foreground"> · {item.company}</span>
                    ) : null}
                  </p>
                  <p className="break-all text-sm">
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={`mailto:${item.email}`}
                    >
                      {item.email}
                    </a>{" "}
                    ·{" "}
                    <span className="text-muted-foreground">{formatDateTime(item.createdAt)}</span>
                  </p>
                </div>
                {item.handledAt ? (
                  <Badge variant="outline">Handled {formatDateTime(item.handledAt)}</Badge>
                ) : (
                  <MarkHandledForm item={item} />
                )}
              </div>
              <p className="mt-3 whitespace-pre-wrap text-sm">
                {item.kind === "interest" ? `Role: ${item.body}` : item.body}
              </p>
            </li>
          ))}
        </ul>
      </AdminResults>
    </AdminListPage>
  );
}

/** "Mark handled" on one message or registration. */
function MarkHandledForm({ item }: { item: Pick<InboxItem, "id" | "kind" | "name"> }) {
  const [form] = useSchemaForm({
    id: `handled-${item.id}`,
    schema: markHandledSchema,
    lastResult: null,
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="kind" value={item.kind} />
      <input type="hidden" name="id" value={item.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={`Mark the message from ${item.name} as handled`}
      >
        Mark handled
      </Button>
    </Form>
  );
}
