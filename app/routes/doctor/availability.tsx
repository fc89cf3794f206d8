import type { FormMetadata } from "@conform-to/react";
import { Trash2Icon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { groupByLondonDay } from "~/components/consultations/consultation-time.ts";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { addDaysOff } from "~/domain/consultations/add-days-off.server.ts";
import { addWeeklyHours } from "~/domain/consultations/add-weekly-hours.server.ts";
import { offerableSlots } from "~/domain/consultations/availability.server.ts";
import {
  availabilityFormSchema,
  availabilityForms,
} from "~/domain/consultations/consultation-forms.ts";
import { getAvailability } from "~/domain/consultations/get-availability.server.ts";
import { formatMinute } from "~/domain/consultations/london-time.ts";
import { removeDaysOff } from "~/domain/consultations/remove-days-off.server.ts";
import { removeWeeklyHours } from "~/domain/consultations/remove-weekly-hours.server.ts";
import { cn } from "~/lib/cn";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/availability";

export const meta: Route.MetaFunction = () => privatePageMeta("Consultation hours");

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** The two ends of a span of weekly hours, on the half hour, and what the form suggests. */
const hoursBounds = [
  { name: "start", label: "From", initial: "09:00" },
  { name: "end", label: "Until", initial: "12:00" },
] as const;
const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export async function loader({ context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const { hours, daysOff } = await getAvailability(scope);
  const slots = await offerableSlots(scope, { days: 7 });
  return {
    hours: hours.map((h) => ({
      id: h.id,
      weekday: h.weekday,
      start: formatMinute(h.startMinute),
      end: formatMinute(h.endMinute),
    })),
    daysOff: daysOff.map((d) => ({
      id: d.id,
      startDate: d.startDate,
      endDate: d.endDate,
      label: d.label,
    })),
    nextWeek: slots.map((s) => s.toISOString()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), availabilityFormSchema);
  const intent = submission.payload.intent;
  if (submission.status !== "success") {
    // The remove buttons carry only the row's id: one that does not read is not one of ours.
    if (submission.error?.id) throw data("Not found", { status: 404 });
    return data({ intent, result: submission.reply(), error: null }, { status: 400 });
  }
  const form = submission.value;
  try {
    if (form.intent === "add-hours")
      await addWeeklyHours(scope, {
        weekday: form.weekday,
        startMinute: form.start,
        endMinute: form.end,
      });
    else if (form.intent === "remove-hours") await removeWeeklyHours(scope, form.id);
    else if (form.intent === "add-days-off")
      await addDaysOff(scope, {
        daysOff: { startDate: form.startDate, endDate: form.endDate || form.startDate },
        label: form.label,
      });
    else await removeDaysOff(scope, form.id);
  } catch (error) {
    // Hours or days off already gone (a second click) are said on the page, not a 404.
    return refusalResponse(error, (refusal) => ({ intent, result: null, error: refusal.message }), {
      notFound: "inline",
    });
  }
  throw redirect("/doctor/availability");
}

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { hours, daysOff, nextWeek } = loaderData;
  const resultFor = (intent: string) =>
    actionData?.intent === intent ? actionData.result : undefined;
  const addHours = useSentForm(
    {
      id: "add-hours",
      schema: availabilityForms["add-hours"],
      lastResult: resultFor("add-hours"),
    },
    { weekday: "weekday", start: "start", end: "end" },
  );
  const addDays = useSentForm(
    {
      id: "add-days-off",
      schema: availabilityForms["add-days-off"],
      lastResult: resultFor("add-days-off"),
    },
    { startDate: "startDate", endDate: "endDate", label: "label" },
  );
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">Consultation hours</h1>
        <p className="mt-2 text-muted-foreground">
          The weekly times you take video consultations, in UK time. They follow the clocks: 09:00
          stays 09:00 when British Summer Time starts or ends.
        </p>
      </div>
      {actionData?.error ? (
        <p role="alert" className="rounded-md border border-destructive border-l-4 px-3 py-2">
          {actionData.error}
        </p>
      ) : null}

      <AvailabilitySection
        id="weekly-heading"
        title="Weekly hours"
        empty="No hours yet. Add the first below."
        rows={hours.map((h) => ({
          id: h.id,
          text: `${weekdays[h.weekday - 1]} ${h.start}–${h.end}`,
        }))}
        removeIntent="remove-hours"
        adding={addHours}
        addIntent="add-hours"
        addClassName="sm:grid-cols-[1fr_auto_auto_auto]"
      >
        <FormField id="weekday" label="Day" error={addHours.errorOf("weekday")}>
          <NativeSelect
            name="weekday"
            defaultValue={String(addHours.fields.weekday.initialValue ?? "1")}
          >
            {weekdays.map((d, i) => (
              <NativeSelectOption key={d} value={i + 1}>
                {d}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </FormField>
        {hoursBounds.map(({ name, label, initial }) => (
          <FormField key={name} id={name} label={label} error={addHours.errorOf(name)}>
            <Input
              name={name}
              type="time"
              step={1800}
              defaultValue={addHours.fields[name].initialValue ?? initial}
              required
            />
          </FormField>
        ))}
        <Button type="submit">Add hours</Button>
      </AvailabilitySection>

      <AvailabilitySection
        id="days-off-heading"
        title="Days off"
        empty="No days off planned."
        rows={daysOff.map((d) => ({
          id: d.id,
          text: `${longDate.format(new Date(d.startDate))}${
            d.endDate !== d.startDate ? ` to ${longDate.format(new Date(d.endDate))}` : ""
          }${d.label ? ` · ${d.label}` : ""}`,
        }))}
        removeIntent="remove-days-off"
        adding={addDays}
        addIntent="add-days-off"
        addClassName="sm:grid-cols-[auto_auto_1fr_auto]"
      >
        <FormField id="startDate" label="First day" error={addDays.errorOf("startDate")}>
          <Input
            name="startDate"
            type="date"
            defaultValue={addDays.fields.startDate.initialValue}
            required
          />
        </FormField>
        <FormField id="endDate" label="Last day" error={addDays.errorOf("endDate")}>
          <Input name="endDate" type="date" defaultValue={addDays.fields.endDate.initialValue} />
        </FormField>
        <FormField id="label" label="Note" optional error={addDays.errorOf("label")}>
          <Input
            name="label"
            maxLength={100}
            placeholder="Annual leave"
            defaultValue={addDays.fields.label.initialValue}
          />
        </FormField>
        <Button type="submit">Add days off</Button>
      </AvailabilitySection>

      <section aria-labelledby="preview-heading" className="grid gap-3">
        <h2 id="preview-heading" className="font-semibold text-lg">
          Free times in the next week
        </h2>
        {nextWeek.length === 0 ? (
          <p className="text-muted-foreground">None: add weekly hours above.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {groupByLondonDay(nextWeek).map((g) => (
              <li key={g.day}>
                <span className="font-medium">{g.day}:</span>{" "}
                {g.times.map((t) => t.label).join(", ")}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * One kind of availability (weekly hours, days off): what the doctor has set, each removable,
 * then the form that adds another (its fields are the children).
 */
function AvailabilitySection<Fields extends Record<string, unknown>>({
  id,
  title,
  empty,
  rows,
  removeIntent,
  adding,
  addIntent,
  addClassName,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  rows: { id: string; text: string }[];
  removeIntent: "remove-hours" | "remove-days-off";
  adding: {
    form: FormMetadata<Fields, string[]>;
    summary: ComponentProps<typeof ErrorSummary>["errors"];
  };
  addIntent: "add-hours" | "add-days-off";
  addClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-xl border bg-card p-5">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((row) => (
            <RemovableRow key={row.id} id={row.id} intent={removeIntent} text={row.text} />
          ))}
        </ul>
      )}
      <ErrorSummary errors={adding.summary} />
      <IntentForm
        form={adding.form}
        intent={addIntent}
        className={cn("grid gap-3 sm:items-end", addClassName)}
      >
        {children}
      </IntentForm>
    </section>
  );
}

/**
 * A row of weekly hours or days off with its Remove button: a form of one button, sending the
 * row's id, which the action reads with the page's schema. The button names the row for screen
 * readers.
 */
function RemovableRow({
  id,
  intent,
  text,
}: {
  id: string;
  intent: "remove-hours" | "remove-days-off";
  text: string;
}) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
      <span>{text}</span>
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value={intent} variant="ghost" size="sm">
          <Trash2Icon aria-hidden="true" /> Remove
          <span className="sr-only">{text}</span>
        </Button>
      </Form>
    </li>
  );
}
