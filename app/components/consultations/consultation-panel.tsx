import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { CalendarClockIcon, VideoIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import type { ConsultationStatus } from "~/db/schema/consultations.ts";
import {
  CONSULTATION_NOTES_MAX,
  consultationPanelForms,
} from "~/domain/consultations/consultation-forms.ts";
import { formatConsultationTime, groupByLondonDay } from "./consultation-time.ts";

export interface ConsultationPanelData {
  referralId: string;
  open: null | {
    id: string;
    status: ConsultationStatus;
    startsAt: string | null;
    /** The room is open now (30 minutes before the start until an hour after the end). */
    roomOpen: boolean;
    /** The start has passed: notes and no-show can be recorded. */
    started: boolean;
  };
  offers: { id: string; startsAt: string }[];
  history: { id: string; status: ConsultationStatus; startsAt: string | null; hasNotes: boolean }[];
  /** Times this doctor can offer, ISO strings. */
  slots: string[];
  /** The notes of the latest completed consultation, for the doctor only. */
  notes: null | { consultationId: string; text: string };
  error?: string | null;
  /** The last refused form on the panel: which one, and Conform's result for its fields. */
  refused?: { intent: string; result: SubmissionResult<string[]> } | null;
}

const consultationStatusLabels: Record<ConsultationStatus, string> = {
  offered: "Times offered",
  times_requested: "Other times requested",
  booked: "Booked",
  completed: "Completed",
  no_show: "Did not attend",
  cancelled: "Cancelled",
};

function SlotPicker({ slots, name = "times" }: { slots: string[]; name?: string }) {
  if (slots.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        No free times in the next three weeks.{" "}
        <Link className="text-primary underline underline-offset-4" to="/doctor/availability">
          Set your consultation hours
        </Link>
        .
      </p>
    );
  return (
    <fieldset className="grid gap-3">
      <legend className="font-medium text-sm">Times to offer (UK time, up to five)</legend>
      <div className="grid max-h-72 gap-3 overflow-y-auto rounded-md border p-3">
        {groupByLondonDay(slots).map((group) => (
          <div key={group.day}>
            <p className="font-medium text-muted-foreground text-sm">{group.day}</p>
            <div className="mt-1 flex flex-wrap gap-2">
              {group.times.map((t) => (
                <label
                  key={t.iso}
                  className="flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                >
                  <input type="checkbox" name={name} value={t.iso} className="accent-primary" />
                  <span>
                    <span className="sr-only">{group.day} </span>
                    {t.label}
                  </span>
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A case's video consultation for its doctor: status, the times on offer, offering or moving
 * times, cancelling, joining the room, and after the call the notes or a no-show. Its forms post
 * to /doctor/cases/:referralId/consultation, so it can sit on any doctor page about the case.
 */
export function ConsultationPanel({ data }: { data: ConsultationPanelData }) {
  const action = `/doctor/cases/${data.referralId}/consultation`;
  const open = data.open;
  const resultFor = (intent: string) =>
    data.refused?.intent === intent ? data.refused.result : undefined;
  const notes = useSentForm(
    {
      id: "consultation-notes-form",
      schema: consultationPanelForms.notes,
      lastResult: resultFor("notes"),
    },
    { notes: "consultation-notes" },
  );
  const noShow = useSentForm({
    id: "consultation-no-show",
    schema: consultationPanelForms["no-show"],
    lastResult: resultFor("no-show"),
  });
  const offer = useSentForm({
    id: "consultation-offer",
    schema: consultationPanelForms.offer,
    lastResult: resultFor("offer"),
  });
  return (
    <section
      aria-labelledby="consultation-heading"
      className="grid gap-5 rounded-xl border bg-card p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="consultation-heading" className="flex items-center gap-2 font-semibold text-lg">
          <VideoIcon aria-hidden="true" className="size-5" /> Video consultation
        </h2>
        {open ? (
          <Badge
            variant={open.status === "booked" ? "complete" : "info"}
            data-testid="consultation-status"
          >
            {consultationStatusLabels[open.status]}
          </Badge>
        ) : null}
      </div>
      {data.error ? (
        <p
          role="alert"
          className="rounded-md border border-destructive border-l-4 px-3 py-2 text-sm"
        >
          {data.error}
        </p>
      ) : null}

      {open?.status === "booked" && open.startsAt ? (
        <div className="grid gap-3">
          <p className="flex items-center gap-2">
            <CalendarClockIcon aria-hidden="true" className="size-4" />
            <span data-testid="consultation-time">
              {formatConsultationTime(new Date(open.startsAt))}
            </span>
          </p>
          {open.roomOpen ? (
            <Button asChild className="w-fit">
              {/* A full page load: the room's document is the only one allowed the camera (Permissions-Policy). */}
              <Link to={`/consultation/${open.id}`} reloadDocument>
                Join the video room
              </Link>
            </Button>
          ) : (
            <p className="text-muted-foreground text-sm">
              The room opens 30 minutes before the start.
            </p>
          )}
        </div>
      ) : null}
      {open?.status === "offered" ? (
        <div>
          <p>Waiting for the employee to choose one of:</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {data.offers.map((o) => (
              <li key={o.id}>{formatConsultationTime(new Date(o.startsAt))}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {open?.status === "times_requested" ? (
        <p>The employee asked for other times. Please offer new ones.</p>
      ) : null}
      {!open ? (
        <p className="text-muted-foreground">
          Offer the employee one or more times for a 30-minute video call. They choose one through
          their personal link; both of you receive a calendar invitation.
        </p>
      ) : null}

      {open?.status === "booked" && open.started ? (
        <div className="grid gap-4 border-t pt-4">
          <ErrorSummary errors={notes.summary} />
          <PanelForm
            to={{ action, consultationId: open.id }}
            form={notes.form}
            intent="notes"
            className="grid gap-2"
          >
            <TextAreaField
              id="consultation-notes"
              label="Consultation notes"
              hint="Saved to the case for the report; only you and the clinical team can read them."
              field={notes.fields.notes}
              rows={6}
              maxLength={CONSULTATION_NOTES_MAX}
              required
            />
            <Button type="submit" className="w-fit">
              Save notes and complete
            </Button>
          </PanelForm>
          <PanelForm
            to={{ action, consultationId: open.id }}
            form={noShow.form}
            intent="no-show"
            className="grid gap-3"
          >
            <p className="font-medium">The employee did not join?</p>
            <SlotPicker slots={data.slots} />
            <Button type="submit" variant="outline" className="w-fit">
              Record no-show and offer these times
            </Button>
          </PanelForm>
        </div>
      ) : (
        <PanelForm
          to={{ action }}
          form={offer.form}
          intent="offer"
          className="grid gap-3 border-t pt-4"
        >
          <SlotPicker slots={data.slots} />
          {data.slots.length > 0 ? (
            <Button type="submit" className="w-fit">
              {open?.status === "booked"
                ? "Move to one of these times"
                : open
                  ? "Offer these times instead"
                  : "Offer these times"}
            </Button>
          ) : null}
        </PanelForm>
      )}

      {open ? (
        <Form method="post" action={action}>
          <input type="hidden" name="consultationId" value={open.id} />
          <Button type="submit" name="intent" value="cancel" variant="outline" size="sm">
            Cancel the consultation
          </Button>
        </Form>
      ) : null}

      {data.notes ? (
        <div className="border-t pt-4">
          <h3 className="font-medium">Notes from the consultation</h3>
          <p className="mt-1 whitespace-pre-line text-sm" data-testid="consultation-notes">
            {data.notes.text}
          </p>
        </div>
      ) : null}

      {data.history.length > 0 ? (
        <div className="border-t pt-4">
          <h3 className="font-medium">Earlier consultations</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {data.history.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{consultationStatusLabels[c.status]}</Badge>
                {c.startsAt ? formatConsultationTime(new Date(c.startsAt)) : "No time agreed"}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * One of the panel's Conform forms, posted to the case's consultation route with the intent the
 * action reads (and the consultation it is about).
 */
function PanelForm<Fields extends Record<string, unknown>>({
  to: { action, consultationId },
  form,
  intent,
  className,
  children,
}: {
  to: { action: string; consultationId?: string };
  form: FormMetadata<Fields, string[]>;
  intent: "notes" | "no-show" | "offer";
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      {consultationId ? <input type="hidden" name="consultationId" value={consultationId} /> : null}
      {children}
    </Form>
  );
}
