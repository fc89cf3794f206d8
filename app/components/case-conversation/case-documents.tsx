import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { CheckCheckIcon, FileTextIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { RadioFieldset } from "~/components/forms/radio-choices.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { PageBackLink } from "~/components/page-back-link.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeSelect } from "~/components/ui/native-select";
import {
  type CaseAuthorRole,
  type CaseDocumentKind,
  type CaseThread,
  caseThreads,
} from "~/db/schema/case-conversation.ts";
import {
  AUTHOR_ROLE_LABELS,
  type ThreadState,
} from "~/domain/case-conversation/conversation-rules.ts";
import {
  DOCUMENT_KIND_LABELS,
  documentKindsFor,
  documentUploadForm,
  formatFileSize,
} from "~/domain/case-conversation/document-rules.ts";
import { formatDateTime } from "~/lib/dates.ts";

/*
 * The documents of a case (docs/architecture.md §4, "The case conversation"), as the employer's,
 * the doctor's and the person's document pages show them: a list whose names download the file,
 * and the upload form, a multipart form that works without JavaScript.
 */

type DocumentViewer = "employer" | "doctor" | "subject";

interface DocumentRow {
  id: string;
  kind: CaseDocumentKind;
  thread: CaseThread;
  fileName: string;
  size: number;
  uploaderRole: CaseAuthorRole;
  uploaderName: string;
  sharedWithPerson: boolean;
  uploadedAt: Date | string;
}

const listCopy = {
  employer: {
    empty: "No documents yet. Send the doctor a job description or a risk assessment.",
  },
  doctor: { empty: "No documents on this case yet." },
  subject: { empty: "You have not sent any documents, and the doctor has not shared any." },
} as const;

/** Who can read a document, in the words of the side looking at it. */
function audienceOf(viewer: DocumentViewer, d: DocumentRow): string | null {
  if (viewer === "subject") return null;
  if (d.thread === "person_doctor")
    return viewer === "doctor" ? "Between you and the employee" : null;
  if (d.uploaderRole === "doctor") return "Shared with the employer";
  return d.sharedWithPerson ? "Shared with the employee" : "Not shared with the employee";
}

export function DocumentList({
  viewer,
  documents,
  hrefOf,
}: {
  viewer: DocumentViewer;
  documents: readonly DocumentRow[];
  hrefOf: (documentId: string) => string;
}) {
  if (documents.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-4 text-muted-foreground">
        {listCopy[viewer].empty}
      </p>
    );
  return (
    <ul className="divide-y rounded-lg border" data-testid="case-documents">
      {documents.map((d) => {
        const audience = audienceOf(viewer, d);
        return (
          <li key={d.id} className="flex gap-3 p-4" data-testid="case-document">
            <FileTextIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="min-w-0 space-y-1">
              <p className="font-medium">
                {DOCUMENT_KIND_LABELS[d.kind]}:{" "}
                <a href={hrefOf(d.id)} className="break-all underline underline-offset-4" download>
                  {d.fileName}
                </a>
              </p>
              <p className="text-muted-foreground text-sm">
                {formatFileSize(d.size)} · from {d.uploaderName} (
                {AUTHOR_ROLE_LABELS[d.uploaderRole]}){" · "}
                <time dateTime={new Date(d.uploadedAt).toISOString()}>
                  {formatDateTime(new Date(d.uploadedAt))}
                </time>
              </p>
              {audience ? <p className="text-sm">{audience}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const formCopy = {
  employer: {
    button: "Send to the doctor",
    hint: "The occupational health doctor on the case reads it. Your employee does not, unless you tick the box below.",
  },
  doctor: { button: "Send document", hint: "Choose who reads it below." },
  subject: {
    button: "Send the document",
    hint: "Only the occupational health doctor reads it. Your employer does not see it.",
  },
} as const;

/** Who reads a document the doctor sends: the thread it goes in. */
const threadReaders: Record<CaseThread, string> = {
  employer_doctor: "The employer (HR and the managers on this referral)",
  person_doctor: "The employee only",
};

export function DocumentUploadForm({
  viewer,
  state,
  lastResult,
}: {
  viewer: DocumentViewer;
  state: ThreadState;
  /** The server's answer: the file field's error says why a file was refused (type, size, virus). */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "upload";
  const [form, fields] = useSchemaForm({
    id: "case-document",
    schema: documentUploadForm,
    lastResult,
  });
  if (!state.open)
    return (
      <p className="rounded-lg border bg-surface p-4" data-testid="documents-closed">
        {state.reason}
      </p>
    );
  const kinds = documentKindsFor[viewer];
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="grid gap-5 rounded-lg border p-4 sm:p-6"
    >
      <OrganisationField />
      <input type="hidden" name="intent" value="upload" />
      <h2 className="font-semibold text-xl">Send a document</h2>
      <p className="text-muted-foreground">{formCopy[viewer].hint}</p>
      <FormField id="document-kind" label="What is it?" error={fields.kind.errors}>
        <NativeSelect
          name={fields.kind.name}
          defaultValue={fields.kind.initialValue ?? ""}
          wrapperClassName="max-w-sm"
        >
          <option value="">Choose one</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {DOCUMENT_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="document-file"
        label="File"
        hint="A PDF, a photo (PNG or JPEG) or a Word document (.docx), up to 10 MB."
        error={fields.file.errors}
      >
        <input
          type="file"
          name={fields.file.name}
          accept=".pdf,.png,.jpg,.jpeg,.docx,application/pdf,image/png,image/jpeg,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-surface file:px-3 file:py-2"
        />
      </FormField>
      {viewer === "employer" ? (
        <div className="flex items-start gap-3">
          <NativeCheckbox id="share-with-person" name="shareWithPerson" />
          <label htmlFor="share-with-person">Share with the employee as well</label>
        </div>
      ) : null}
      {viewer === "doctor" ? (
        <RadioFieldset
          name="thread"
          legend="Who should read it?"
          error={fields.thread.errors}
          values={caseThreads}
          checked={fields.thread.initialValue ?? "employer_doctor"}
          label={(thread) => threadReaders[thread]}
        />
      ) : null}
      {viewer === "doctor" ? (
        <div className="flex items-start gap-3">
          <NativeCheckbox id="document-attest" name="attest" />
          <label htmlFor="document-attest">
            For the employer: I have read this document, and it tells them nothing clinical the
            employee has not agreed to share.
            <span className="block text-muted-foreground text-sm">
              Its name and a Word document's words are checked as a message is; a PDF or a photo is
              not read, so your check is the one that counts.
            </span>
          </label>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : formCopy[viewer].button}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A signed-in side's documents page (the employer's referral, the doctor's case): back to the
 * case, the list, and the upload form.
 */
export function CaseDocumentsPage({
  viewer,
  casePath,
  caseLabel,
  referral,
  documents,
  state,
  sent,
  lastResult,
}: {
  viewer: "employer" | "doctor";
  /** The case's own page; its documents are `${casePath}/documents/:id`. */
  casePath: string;
  caseLabel: string;
  referral: { reference: string; subjectName: string };
  documents: readonly DocumentRow[];
  state: ThreadState;
  sent: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <PageBackLink to={casePath}>
        Back to {caseLabel} {referral.reference}
      </PageBackLink>
      <div>
        <h1 className="font-semibold text-3xl tracking-tight">Documents</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          {referral.reference} · {referral.subjectName}
        </p>
      </div>
      {sent && !lastResult ? <DocumentSent /> : null}
      <DocumentList
        viewer={viewer}
        documents={documents}
        hrefOf={(id) => `${casePath}/documents/${id}`}
      />
      <DocumentUploadForm viewer={viewer} state={state} lastResult={lastResult} />
    </div>
  );
}

/** The page's line after a document went: it is on the case now. */
export function DocumentSent() {
  return (
    <Alert role="status">
      <CheckCheckIcon aria-hidden="true" />
      <AlertTitle>Document sent</AlertTitle>
      <AlertDescription>It is on the case now, in the list below.</AlertDescription>
    </Alert>
  );
}

/** The link from a case's own page to its documents. */
export function DocumentsLink({
  to,
  count,
  intro,
  heading = "Documents",
  label,
}: {
  to: string;
  count: number;
  intro: string;
  heading?: string;
  /** The link's words, where the page it opens holds more than documents. */
  label?: string;
}) {
  return (
    <section aria-labelledby="documents-heading" className="space-y-2" id="documents">
      <h2 id="documents-heading" className="font-semibold text-xl">
        {heading}
      </h2>
      <p className="text-muted-foreground">{intro}</p>
      <p>
        <Link to={to} className="font-medium underline underline-offset-4">
          {label ?? (count === 0 ? "Send a document" : `Open the documents (${count})`)}
        </Link>
      </p>
    </section>
  );
}
