import { Trash2Icon } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { groupByLondonDay } from "~/components/consultations/consultation-time.ts";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import {
  addDaysOff,
  addWeeklyHours,
  getAvailability,
  offerableSlots,
  removeDaysOff,
  removeWeeklyHours,
} from "~/domain/consultations/availability.server.ts";
import { formatMinute, parseMinute } from "~/domain/consultations/london-time.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { formUuid } from "~/middleware/edge.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/availability";

export const meta: Route.MetaFunction = () => [
  { title: "Consultation hours | ReferOH" },
  { name: "robots", content: "noindex" },
];

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "add-hours") {
      const startMinute = parseMinute(String(form.get("start") ?? ""));
      const endMinute = parseMinute(String(form.get("end") ?? ""));
      if (startMinute === null || endMinute === null)
        return data(
          { error: "Enter the start and end as times, for example 09:00." },
          { status: 400 },
        );
      await addWeeklyHours(scope, { weekday: Number(form.get("weekday")), startMinute, endMinute });
    } else if (intent === "remove-hours") await removeWeeklyHours(scope, formUuid(form, "id"));
    else if (intent === "add-days-off") {
      const startDate = String(form.get("startDate") ?? "");
      const endDate = String(form.get("endDate") ?? "") || startDate;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate))
        return data({ error: "Enter the first and last day off." }, { status: 400 });
      await addDaysOff(scope, {
        daysOff: { startDate, endDate },
        label: String(form.get("label") ?? ""),
      });
    } else if (intent === "remove-days-off") await removeDaysOff(scope, formUuid(form, "id"));
    else return data({ error: "Unknown action." }, { status: 400 });
  } catch (error) {
    if (isDomainError(error)) return data({ error: error.message }, { status: 400 });
    throw error;
  }
  throw redirect("/doctor/availability");
}

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { hours, daysOff, nextWeek } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
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

      <section
        aria-labelledby="weekly-heading"
        className="grid gap-4 rounded-xl border bg-card p-5"
      >
        <h2 id="weekly-heading" className="font-semibold text-lg">
          Weekly hours
        </h2>
        {hours.length === 0 ? (
          <p className="text-muted-foreground">No hours yet. Add the first below.</p>
        ) : (
          <ul className="grid gap-2">
            {hours.map((h) => (
              <li
                key={h.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
              >
                <span>
                  {weekdays[h.weekday - 1]} {h.start}–{h.end}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={h.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-hours"
                    variant="ghost"
                    size="sm"
                  >
                    <Trash2Icon aria-hidden="true" /> Remove
                    <span className="sr-only">
                      {weekdays[h.weekday - 1]} {h.start}–{h.end}
                    </span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
          <div className="grid gap-1">
            <Label htmlFor="weekday">Day</Label>
            <NativeSelect id="weekday" name="weekday" defaultValue="1">
              {weekdays.map((d, i) => (
                <NativeSelectOption key={d} value={i + 1}>
                  {d}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="start">From</Label>
            <Input id="start" name="start" type="time" step={1800} defaultValue="09:00" required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="end">Until</Label>
            <Input id="end" name="end" type="time" step={1800} defaultValue="12:00" required />
          </div>
          <Button type="submit" name="intent" value="add-hours">
            Add hours
          </Button>
        </Form>
      </section>

      <section
        aria-labelledby="days-off-heading"
        className="grid gap-4 rounded-xl border bg-card p-5"
      >
        <h2 id="days-off-heading" className="font-semibold text-lg">
          Days off
        </h2>
        {daysOff.length === 0 ? (
          <p className="text-muted-foreground">No days off planned.</p>
        ) : (
          <ul className="grid gap-2">
            {daysOff.map((d) => (
              <li
                key={d.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
              >
                <span>
                  {longDate.format(new Date(d.startDate))}
                  {d.endDate !== d.startDate ? ` to ${longDate.format(new Date(d.endDate))}` : ""}
                  {d.label ? ` · ${d.label}` : ""}
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={d.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-days-off"
                    variant="ghost"
                    size="sm"
                  >
                    <Trash2Icon aria-hidden="true" /> Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="grid gap-3 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end">
          <div className="grid gap-1">
            <Label htmlFor="startDate">First day</Label>
            <Input id="startDate" name="startDate" type="date" required />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="endDate">Last day</Label>
            <Input id="endDate" name="endDate" type="date" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="label">Note (optional)</Label>
            <Input id="label" name="label" maxLength={100} placeholder="Annual leave" />
          </div>
          <Button type="submit" name="intent" value="add-days-off">
            Add days off
          </Button>
        </Form>
      </section>

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
