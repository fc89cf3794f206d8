import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { useFilterForm } from "~/components/list-filters.ts";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { AdminPageHeader, Pagination } from "./pagination.tsx";

/** An admin page's title and the robots rule: the console is never indexed. */
export function adminMeta(title: string) {
  return [{ title: `${title} | ReferOH administration` }, { name: "robots", content: "noindex" }];
}

/** An admin list page: its heading and description, then the filters, the list and its pages. */
export function AdminListPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    // One column that cannot grow past the page (minmax(0, 1fr)): an implicit column is as wide as
    // its widest select's longest option, which pushed the page sideways at 320 px once a
    // reader's text spacing (WCAG 1.4.12) widened the text.
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 sm:px-6">
      <AdminPageHeader title={title} description={description} />
      {children}
    </div>
  );
}

/**
 * An admin list's filter form: a GET form read with Conform against the same schema the loader
 * parses the query string with (docs/architecture.md §3, "Forms"). A select applies as soon as it
 * changes; typed fields and dates wait for the submit button, which also serves browsers without
 * JavaScript.
 */
export function AdminFilterForm({
  id,
  schema,
  className,
  children,
}: {
  id: string;
  schema: z.ZodType;
  className?: string;
  children: ReactNode;
}) {
  const filters = useFilterForm();
  const [form] = useSchemaForm({ id, schema, lastResult: null });
  return (
    <Form
      ref={filters.ref}
      method="get"
      onChange={filters.onChange}
      {...getFormProps(form)}
      className={className}
    >
      {children}
    </Form>
  );
}

/** One labelled control of a filter form. */
export function FilterField({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The organisation menu the case list and the audit log filter by. */
export function OrganisationSelect({
  organisations,
  defaultValue,
}: {
  organisations: { id: string; name: string }[];
  defaultValue: string | null;
}) {
  return (
    <FilterField id="organisation" label="Organisation">
      <NativeSelect id="organisation" name="organisation" defaultValue={defaultValue ?? ""}>
        <NativeSelectOption value="">Any organisation</NativeSelectOption>
        {organisations.map((o) => (
          <NativeSelectOption key={o.id} value={o.id}>
            {o.name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FilterField>
  );
}

/** What a list shows when nothing matches. */
function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * A list page's results: what to say when nothing matches, or else the list the page draws; then
 * the links to the other pages, which keep the filters.
 */
export function AdminResults({
  page,
  noun,
  empty,
  children,
}: {
  page: { rows: readonly unknown[]; page: number; pageCount: number; total: number };
  /** What the rows are, in the plural: "1,204 events · page 1 of 25". */
  noun: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {page.rows.length === 0 ? <EmptyList>{empty}</EmptyList> : children}
      <Pagination page={page.page} pageCount={page.pageCount} total={page.total} noun={noun} />
    </>
  );
}
