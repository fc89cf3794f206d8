import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { CaseThread } from "~/db/schema/case-conversation.ts";
import { documentUploadForm } from "~/domain/case-conversation/document-rules.ts";
import { getCaseDocuments } from "~/domain/case-conversation/get-case-documents.server.ts";
import {
  reachUploadCase,
  uploadCaseDocument,
} from "~/domain/case-conversation/upload-case-document.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { downloadRefusal, refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";

interface UploadRefused {
  /** The form's answer; a refusal of the file itself is the file field's error. */
  result: SubmissionResult<string[]>;
}

/**
 * The documents page of the doctor's case or the employer's referral: the case's documents as the
 * scope may see them (another's case is not found, and the listing is audited), and whether the
 * page follows a document just sent.
 */
export async function caseDocumentsPage(scope: Scope, request: Request, referralKey: string) {
  const page = await getCaseDocuments(scope, { referralKey }).catch((error: unknown) => {
    throw refusalResponse(error, refusalMessage);
  });
  return { ...page, sent: new URL(request.url).searchParams.get("sent") === "document" };
}

/**
 * The upload form's action on each side's documents page (docs/architecture.md §4, "The case
 * conversation"): the form's fields with the browser's schema, the file read from the same
 * multipart body (server/edge.ts let it through within the upload routes' limit), then the domain.
 * A document sent redirects back to the list; a refusal comes back with the choices made and why.
 * The person's page names no case (`referralKey` ""): their link's scope is the case.
 */
export async function caseDocumentUpload(
  formData: FormData,
  scope: Scope,
  referralKey: string,
  backTo: string,
) {
  // The case first: someone it is not theirs to see is refused before their form is read.
  await reachUploadCase(scope, { referralKey }).catch((error: unknown) => {
    throw refusalResponse(error, () => null);
  });
  const submission = parseSubmission(formData, documentUploadForm);
  // The file is never sent back: a page cannot fill a file field, and its bytes are the person's.
  const reply = (fileError?: string) =>
    submission.reply({
      hideFields: ["file"],
      ...(fileError ? { fieldErrors: { file: [fileError] } } : {}),
    });
  if (submission.status !== "success")
    return data<UploadRefused>({ result: reply() }, { status: 400 });
  const { file, kind, shareWithPerson, thread, attest } = submission.value;
  try {
    const sent = await uploadCaseDocument(scope, {
      referralKey,
      kind,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      sharedWithPerson: shareWithPerson === "on",
      thread: thread as CaseThread | undefined,
      attested: attest === "on",
    });
    if (!sent.ok) return data<UploadRefused>({ result: reply(sent.message) }, { status: 422 });
  } catch (error) {
    if (isDomainError(error, "invalid_state"))
      return data<UploadRefused>({ result: reply(error.message) }, { status: 409 });
    throw refusalResponse(error, () => null);
  }
  throw redirect(`${backTo}?sent=document`);
}

/**
 * A document as a download: always an attachment, with the type its content was verified as and
 * `nosniff`, so no browser renders it in the product's origin or guesses another type; never
 * cached. Not found, for a document this side may not read, is the plain 404 of a file.
 */
export async function caseDocumentDownload(
  read: () => Promise<{ bytes: Buffer; contentType: string; fileName: string }>,
) {
  try {
    const document = await read();
    const ascii = document.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
    return new Response(new Uint8Array(document.bytes), {
      headers: {
        "Content-Type": document.contentType,
        "Content-Length": String(document.bytes.length),
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
        // `nosniff` comes with every response (server/app.ts); a second policy beside the page's
        // own makes a document opened in the product's origin inert whatever it holds.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return downloadRefusal(error);
  }
}
