import { z } from "zod";
import {
  type CaseDocumentKind,
  caseDocumentKinds,
  caseThreads,
} from "~/db/schema/case-conversation.ts";

/*
 * What a case document is and how it is sent (docs/architecture.md §4, "The case conversation"),
 * pure, for the upload forms, the lists and the domain alike. The file itself is judged by its
 * content in `app/services/files/` (type, active content, viruses), never by its name.
 */

export const DOCUMENT_KIND_LABELS: Record<CaseDocumentKind, string> = {
  fit_note: "Fit note",
  job_description: "Job description",
  risk_assessment: "Risk assessment",
  clinical_letter: "GP or specialist letter",
  other: "Other",
};

/** What each side is likely to send, first in its list. */
export const documentKindsFor = {
  employer: ["job_description", "risk_assessment", "fit_note", "other"],
  doctor: ["other", "job_description", "risk_assessment", "fit_note", "clinical_letter"],
  subject: ["fit_note", "clinical_letter", "other"],
} as const satisfies Record<string, readonly CaseDocumentKind[]>;

const kindRequired = "Choose what kind of document this is.";

const fileRequired = "Choose a file to send.";

/** The upload form: the file (judged by its content later, in the domain) and what it is. */
export const documentUploadForm = z.object({
  intent: z.literal("upload"),
  file: z.instanceof(File, { error: fileRequired }).refine((f) => f.size > 0, fileRequired),
  kind: z.enum(caseDocumentKinds, { error: kindRequired }),
  /** The employer's tick: the person may read it too. */
  shareWithPerson: z.literal("on").optional(),
  /** The doctor's choice of thread: the employer's or the person's. */
  thread: z.enum(caseThreads).optional(),
  /** The doctor's confirmation that a document to the employer discloses nothing unagreed. */
  attest: z.literal("on").optional(),
});

/** A file's name as a download offers it: no path, no control characters, at most 120 characters. */
export function downloadName(fileName: string, extension: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, "")
    // Control characters and quotes would break the download's header: keep printable ones only.
    .replace(/[^\P{Cc}]|"/gu, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 120);
  return `${base || "document"}.${extension}`;
}

/** "1.2 MB", "340 KB": a size as the lists show it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
