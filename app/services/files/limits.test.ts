import { describe, expect, it } from "vitest";
import { MAX_CASE_DOCUMENTS_BYTES, MAX_DOCUMENT_BYTES } from "./limits.ts";

describe("the documents' size limits", () => {
  it("are 10 MB a file and 50 MB a case (binary megabytes)", () => {
    expect(MAX_DOCUMENT_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_CASE_DOCUMENTS_BYTES).toBe(5 * MAX_DOCUMENT_BYTES);
  });
});
