import { getFormProps } from "@conform-to/react";
import { DownloadIcon } from "lucide-react";
import { Form } from "react-router";
import { adminMeta } from "~/components/admin/list-page.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { InsightPage } from "~/components/insight/insight-period-form.tsx";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { auditSampleSchema, recentQuarters } from "~/domain/insight/audit-sample.ts";
import { getClinicalInsight } from "~/domain/insight/get-clinical-insight.server.ts";
import { readInsight } from "../shared/insight.server.ts";
import type { Route } from "./+types/insight";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = () => adminMeta("Clinical insight");

/**
 * The clinical lead's view (docs/architecture.md, "Management information"): turnaround by doctor
 * and stage, SLA breaches, urgent flags, the person's decisions and release-check refusals; and the
 * audit sample for peer review, drawn and downloaded by its own resource route's POST.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = adminScope(context);
  const page = await readInsight(request, scope, getClinicalInsight);
  // The sample's download answers a form that did not read by coming back here (no JavaScript).
  const sampleRefused = new URL(request.url).searchParams.get("sample") === "invalid";
  return { ...page, quarters: recentQuarters(scope.now), sampleRefused };
}

export default function ClinicalInsight({ loaderData }: Route.ComponentProps) {
  const { insight, quarters, sampleRefused } = loaderData;
  const [form, fields] = useSchemaForm({
    id: "audit-sample",
    schema: auditSampleSchema,
    lastResult: null,
  });
  return (
    <InsightPage
      title="Clinical insight"
      description={`${insight.period.label}. Doctors are named; people assessed never are, and counts of them under 5 read “fewer than 5”.`}
      csvPath="/admin/insight.csv"
      insight={insight}
      lastResult={loaderData.periodResult}
    >
      <section
        aria-labelledby="audit-sample-heading"
        className="mt-10 rounded-xl border bg-card p-6"
      >
        <h2 id="audit-sample-heading" className="font-semibold text-xl">
          Audit sample for peer review
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          Draws at random up to the number you choose of each doctor's reports released in a
          quarter, as a CSV of references to review (SEQOHS). Each draw is recorded in the audit log
          with the reports drawn.
        </p>
        {/* A download: the browser takes the answer itself, with or without JavaScript. */}
        {sampleRefused ? (
          <p role="alert" className="mt-3 font-medium text-destructive text-sm">
            Choose a quarter and between 1 and 20 reports per doctor.
          </p>
        ) : null}
        <Form
          method="post"
          action="/admin/insight/audit-sample"
          reloadDocument
          {...getFormProps(form)}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <FormField
            id={fields.quarter.id}
            label="Quarter"
            error={fields.quarter.errors}
            className="sm:w-48"
          >
            <NativeSelect name={fields.quarter.name} defaultValue={quarters[1] ?? quarters[0]}>
              {quarters.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={fields.perDoctor.id}
            label="Reports per doctor"
            error={fields.perDoctor.errors}
            className="sm:w-48"
          >
            <Input
              name={fields.perDoctor.name}
              type="number"
              inputMode="numeric"
              min={1}
              max={20}
              defaultValue="5"
            />
          </FormField>
          <Button type="submit">
            <DownloadIcon aria-hidden="true" />
            Draw and download
          </Button>
        </Form>
      </section>
    </InsightPage>
  );
}
