import { FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { ADJUSTMENT_MAX_WEEKS, type Adjustment } from "~/domain/reports/report-body.ts";

const MAX_ROWS = 20;
/**
 * Empty rows after the filled ones; saving the draft brings more (no script needed). One, so a
 * typical case's editor stays under 3,400 px at 1280 px wide (the management integrity spec
 * measures it).
 */
const SPARE_ROWS = 1;

/**
 * The doctor's list of adjustments (or a certificate's recommendations), a row each: the
 * adjustment in words and, for a temporary one, how many weeks it lasts and a date to review it
 * by, or marked lasting. Fields are named `<list>.text`, `<list>.kind`, `<list>.weeks`,
 * `<list>.reviewBy` (adjustmentsOf in
 * report-form.ts reads them); errors come keyed `<list>-<row>-<field>`.
 */
export function AdjustmentRows({
  list,
  legend,
  itemLabel,
  hint,
  items,
  errors,
}: {
  list: "adjustments" | "recommendations";
  legend: string;
  itemLabel: string;
  hint: string;
  items: readonly Adjustment[];
  errors: Record<string, string | undefined>;
}) {
  const count = Math.max(items.length, Math.min(MAX_ROWS, items.length + SPARE_ROWS));
  const shown = Array.from({ length: count }, (_, i): Adjustment | null => items[i] ?? null);
  return (
    <FormFieldset id={list} legend={legend} hint={hint} error={errors[list]} optional>
      <ol className="grid gap-2">
        {shown.map((item, i) => {
          const id = (field: string) => `${list}-${i}-${field}`;
          const terms = typeof item === "object" && item ? item : null;
          // From the second row on, at widths where the rows line up as a table, the first row's
          // labels head the columns: the others keep theirs for screen readers only.
          const label = (text: string) => (
            <span className={i > 0 ? "sm:sr-only" : undefined}>{text}</span>
          );
          return (
            <li
              key={i}
              className="grid grid-cols-[5rem_minmax(0,1fr)] items-end gap-x-3 gap-y-2 rounded-lg border bg-muted/30 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_7.5rem_5rem_11rem]"
            >
              <FormField
                id={id("text")}
                label={label(`${itemLabel} ${i + 1}`)}
                error={errors[id("text")]}
                className="col-span-2 sm:col-span-1"
              >
                <Input
                  name={`${list}.text`}
                  maxLength={500}
                  defaultValue={item === null ? "" : typeof item === "string" ? item : item.text}
                />
              </FormField>
              <FormField
                id={id("kind")}
                label={label("Lasts")}
                className="col-span-2 sm:col-span-1"
              >
                {/* A select, so every row sends one and the rows stay in step (adjustmentsOf). */}
                <select
                  name={`${list}.kind`}
                  defaultValue={terms?.lasting ? "lasting" : "temporary"}
                  className="h-10 w-full rounded-md border border-input bg-background px-2 text-sm"
                >
                  <option value="temporary">For a time</option>
                  <option value="lasting">Lasting</option>
                </select>
              </FormField>
              {/* A temporary one needs weeks, a review date or both: the list's hint says so. */}
              <FormField id={id("weeks")} label={label("Weeks")} error={errors[id("weeks")]}>
                <Input
                  name={`${list}.weeks`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={ADJUSTMENT_MAX_WEEKS}
                  defaultValue={terms?.weeks ?? ""}
                />
              </FormField>
              <FormField
                id={id("reviewBy")}
                label={label("Review by")}
                error={errors[id("reviewBy")]}
              >
                <Input name={`${list}.reviewBy`} type="date" defaultValue={terms?.reviewBy ?? ""} />
              </FormField>
            </li>
          );
        })}
      </ol>
    </FormFieldset>
  );
}
