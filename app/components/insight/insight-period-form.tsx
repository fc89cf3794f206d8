import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { DownloadIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { HeadedPage } from "~/components/headed-page.tsx";
import { Button } from "~/components/ui/button";
import { FormErrorMessage } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { InsightChart } from "~/domain/insight/insight-chart.ts";
import { type InsightPeriod, insightPeriodSchema } from "~/domain/insight/insight-period.ts";
import { InsightChartFigure } from "./insight-chart.tsx";

/**
 * The period of an insight page (GET, works without JavaScript): the last 3, 6 or 12 months, or
 * a custom range of months, read by the loader with the same schema.
 */
function InsightPeriodForm({
  query,
  lastResult,
}: {
  query: InsightPeriod["query"];
  lastResult: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm({
    id: "insight-period",
    schema: insightPeriodSchema,
    lastResult,
    validateOn: "blur",
  });
  return (
    <Form
      method="get"
      {...getFormProps(form)}
      aria-label="Period"
      className="mt-8 flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:flex-wrap sm:items-end"
      key={`${query.period}|${query.from}|${query.to}`}
    >
      <div className="space-y-1.5 sm:w-48">
        <Label htmlFor={fields.period.id}>Period</Label>
        <NativeSelect id={fields.period.id} name={fields.period.name} defaultValue={query.period}>
          <option value="3">Last 3 months</option>
          <option value="6">Last 6 months</option>
          <option value="12">Last 12 months</option>
          <option value="custom">Custom range</option>
        </NativeSelect>
      </div>
      <MonthField field={fields.from} label="From month (custom range)" defaultValue={query.from} />
      <MonthField field={fields.to} label="To month (custom range)" defaultValue={query.to} />
      <Button type="submit">Show</Button>
    </Form>
  );
}

function MonthField({
  field: { id, name, errors },
  label,
  defaultValue,
}: {
  field: { id: string; name: string; errors?: string[] };
  label: string;
  defaultValue: string;
}) {
  const error = errors?.[0];
  return (
    <div className="space-y-1.5 sm:w-48">
      <Label htmlFor={id}>{label}</Label>
      {error ? <FormErrorMessage id={`${id}-error`}>{error}</FormErrorMessage> : null}
      <Input
        id={id}
        name={name}
        type="month"
        placeholder="2026-01"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </div>
  );
}

/**
 * An insight page (docs/architecture.md, "Management information"): its heading and what its
 * figures cover, the CSV of the period shown, the period form, then the charts, or what to say
 * when the period counted nothing; `children` follow (the clinical lead's audit sample).
 */
export function InsightPage({
  title,
  description,
  csvPath,
  insight,
  lastResult,
  empty,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The page's CSV route; the period shown is its query. */
  csvPath: string;
  insight: { period: InsightPeriod; charts: InsightChart[] };
  lastResult: SubmissionResult<string[]>;
  /** Said instead of the charts when the period counted nothing: a page of zeros says less. */
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const { query } = insight.period;
  return (
    <HeadedPage
      title={title}
      description={description}
      actions={
        <Button asChild variant="outline">
          <a href={`${csvPath}?${new URLSearchParams(query).toString()}`} download>
            <DownloadIcon aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      }
    >
      <InsightPeriodForm query={query} lastResult={lastResult} />
      {empty ? (
        <div className="mt-6 rounded-lg border bg-card p-6 text-muted-foreground">{empty}</div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {insight.charts.map((chart) => (
            <InsightChartFigure key={chart.id} chart={chart} />
          ))}
        </div>
      )}
      {children}
    </HeadedPage>
  );
}
