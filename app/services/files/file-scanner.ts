/** What a scanner found in one file. A refusal's `reason` is written to be shown to the uploader. */
export type ScanResult = { clean: true } | { clean: false; reason: string; signature?: string };

/**
 * Looks inside an uploaded document before it is kept. A scanner that cannot give an answer (its
 * daemon is down, slow or refused the stream) throws `FileScanUnavailableError`: the upload is
 * then refused as "could not be checked", never accepted unchecked nor reported as infected.
 */
export interface FileScanner {
  scan(bytes: Uint8Array, file: { fileName: string }): Promise<ScanResult>;
}

export class FileScanUnavailableError extends Error {
  /** What the uploader is told; `message` keeps the cause for the log. */
  readonly userMessage =
    "This file could not be checked for viruses just now. Please try again in a few minutes.";

  constructor(cause: string, options?: { cause?: unknown }) {
    super(cause, options);
    this.name = "FileScanUnavailableError";
  }
}
