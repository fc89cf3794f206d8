import { fileTypeFromBuffer } from "file-type";
import { MAX_DOCUMENT_BYTES } from "./limits.ts";
import { isWordDocument, readOfficePackage } from "./office-package.server.ts";

type VerifiedContent =
  | { ok: true; mime: DocumentMime; extension: DocumentExtension }
  | { ok: false; reason: string };

const ACCEPTED = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;

type DocumentExtension = keyof typeof ACCEPTED;
type DocumentMime = (typeof ACCEPTED)[DocumentExtension];

const NOT_ACCEPTED = "This file is not a PDF, PNG, JPEG or Word (.docx) document.";

/**
 * What an uploaded document is, read from its bytes (file-type's magic numbers), never from its
 * name or the browser's content type: both are the uploader's to choose, and a program renamed
 * `letter.pdf` must not be kept, or served back, as a PDF. The type found is the one it is stored
 * and downloaded with. A Word document is also opened as a package: file-type reports any zip
 * with a `word/` folder as docx when its content types are out of reach.
 */
export async function verifyDocumentContent(bytes: Uint8Array): Promise<VerifiedContent> {
  // The upload route's streamed body limit stops larger requests first (docs/architecture.md §8);
  // this keeps the rule where the bytes are judged, whoever calls.
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    return { ok: false, reason: "This file is larger than 10 MB, the most a document may be." };
  }
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !Object.hasOwn(ACCEPTED, type.ext)) return { ok: false, reason: NOT_ACCEPTED };
  const extension = type.ext as DocumentExtension;
  if (extension === "docx") {
    const pkg = readOfficePackage(bytes);
    if (!pkg || !isWordDocument(pkg)) return { ok: false, reason: NOT_ACCEPTED };
  }
  return { ok: true, mime: ACCEPTED[extension], extension };
}
