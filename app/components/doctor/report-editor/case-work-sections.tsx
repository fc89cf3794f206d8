import type { SubmissionResult } from "@conform-to/react";
import { LockKeyholeIcon, VideoIcon } from "lucide-react";
import { CaseThread } from "~/components/case-conversation/case-thread.tsx";
import { CaseWorkSection } from "~/components/doctor/case-work-section.tsx";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import type { getDoctorPersonThread } from "~/domain/case-conversation/get-doctor-conversation.server.ts";
import { CLINICAL_NOTES_MAX } from "~/domain/doctor/clinical-notes.ts";
import { reportEditorForms } from "~/domain/doctor/report-editor-forms.ts";
import { formatDateTime } from "~/lib/dates.ts";

/*
 * The doctor's work on a case beside the report, each saved on its own and never part of the
 * report: private clinical notes, the video consultation's notes, and the person's thread.
 */

/** Private notes: never part of the report or its release (docs/architecture.md §4). */
export function ClinicalNotesSection({
  notes,
  saved,
  busy,
  lastResult,
}: {
  notes: { notes: string; updatedAt: Date | null };
  /** Whether the last action saved them. */
  saved: boolean;
  busy: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const notesForm = useSentForm({
    id: "clinical-notes",
    schema: reportEditorForms.notes,
    lastResult,
  });
  return (
    <CaseWorkSection
      id="clinical-notes"
      icon={LockKeyholeIcon}
      title="Private clinical notes"
      frame="private"
    >
      <p className="mt-1 text-muted-foreground text-sm">
        For you and the clinical team only: never part of the report, never shown to the employer.
        The employee can obtain them through a subject access request. Saved separately from the
        report.
      </p>
      <IntentForm
        form={notesForm.form}
        intent="notes"
        className="mt-3 space-y-3"
        key={notes.updatedAt?.toString() ?? "none"}
      >
        <FormField
          id="clinicalNotes"
          label="Your private notes on this case"
          error={notesForm.errorOf("clinicalNotes")}
        >
          <Textarea
            name="clinicalNotes"
            rows={3}
            maxLength={CLINICAL_NOTES_MAX}
            defaultValue={notes.notes}
          />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="outline" disabled={!!busy}>
            {busy === "notes" ? "Saving..." : "Save private notes"}
          </Button>
          {saved ? (
            <output className="text-sm">Private notes saved.</output>
          ) : notes.updatedAt ? (
            <span className="text-muted-foreground text-xs">
              Last saved {formatDateTime(notes.updatedAt)}
            </span>
          ) : null}
        </div>
      </IntentForm>
    </CaseWorkSection>
  );
}

/** The notes of the video calls held on the case, and the way to offer one. */
export function ConsultationSection({
  referralId,
  notes,
}: {
  referralId: string;
  notes: readonly { consultationId: string; startsAt: Date | null; notes: string }[];
}) {
  return (
    <CaseWorkSection id="consultation-notes" icon={VideoIcon} title="Video consultation">
      {notes.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm">
          {notes.map((n) => (
            <li key={n.consultationId} className="rounded-lg bg-muted/50 p-3">
              <p className="text-muted-foreground text-xs">
                {n.startsAt
                  ? `Notes of the call on ${formatDateTime(n.startsAt)}`
                  : "Notes of the call"}
              </p>
              <p className="mt-1 whitespace-pre-line">{n.notes}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
        {notes.length > 0
          ? null
          : "No consultation notes yet. For a complex case, offer the employee a video call."}
        <Button asChild variant="outline">
          <a href={`/doctor/cases/${referralId}/consultation`}>
            Offer or manage a video consultation
          </a>
        </Button>
      </p>
    </CaseWorkSection>
  );
}

/**
 * The person's thread, where the doctor asks them something while writing the report: the same
 * conversation, and the same box, as on the case page (docs/architecture.md §4, "The case
 * conversation"). The person is e-mailed a link, never the text, and answers in the thread.
 */
export function AskEmployeeSection({
  thread,
  sent,
  lastResult,
}: {
  thread: Awaited<ReturnType<typeof getDoctorPersonThread>>;
  /** The last action sent a message. */
  sent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <div className="mt-6 rounded-xl border bg-card p-5">
      <CaseThread
        viewer="doctor-person"
        messages={thread.messages}
        state={thread.state}
        lastResult={lastResult}
        refusals={[]}
        justSent={sent}
      />
    </div>
  );
}
