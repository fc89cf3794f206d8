import { describe, expect, inject, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { TEST_EICAR_SIGNATURE } from "~tests/support/clamd-test-daemon.ts";
import { docx, eicarTestFile, minimalPdf } from "~tests/support/documents.ts";
import { clamdScanner } from "./clamd-scanner.server.ts";
import { FileScanUnavailableError } from "./file-scanner.ts";
import { createFileScanner } from "./scanners.server.ts";

// ClamAV's real daemon: the one the global setup started on a one-signature database
// (tests/support/clamd-test-daemon.ts), or the environment's own (CLAMD_SOCKET, CLAMD_HOST).
const testSocket = inject("clamdSocket");
const config = loadConfig({
  ...process.env,
  ...(testSocket ? { CLAMD_SOCKET: testSocket, CLAMD_HOST: "" } : {}),
});
const configured = Boolean(config.CLAMD_SOCKET || config.CLAMD_HOST);

describe.runIf(configured)("uploads through ClamAV's daemon", () => {
  const scanner = createFileScanner(config);
  const file = { fileName: "fit-note.pdf" };

  it("refuses the EICAR test file, naming the signature", async () => {
    const result = await scanner.scan(eicarTestFile(), file);
    expect(result).toMatchObject({ clean: false, signature: expect.stringMatching(/eicar/i) });
    // clamd marks a signature from a database nobody signed as UNOFFICIAL.
    if (testSocket)
      expect(result).toMatchObject({ signature: `${TEST_EICAR_SIGNATURE}.UNOFFICIAL` });
    expect(result.clean ? "" : result.reason).toContain("virus or other malware");
  });

  it("refuses EICAR however it is named, inside a Word package too", async () => {
    const renamed = await scanner.scan(eicarTestFile(), { fileName: "job-description.pdf" });
    expect(renamed).toMatchObject({ clean: false });
    // clamd opens archives: the test file as a part of a .docx is found inside it.
    const inWord = await scanner.scan(docx({ "word/media/eicar.com": eicarTestFile() }), file);
    expect(inWord).toMatchObject({ clean: false, signature: expect.stringMatching(/eicar/i) });
  });

  it("accepts clean documents", async () => {
    expect(await scanner.scan(minimalPdf(), file)).toEqual({ clean: true });
    expect(await scanner.scan(docx(), file)).toEqual({ clean: true });
  });

  it("says a daemon that cannot be reached could not check the file", async () => {
    const gone = clamdScanner({ socketPath: "/nonexistent/clamd.sock" });
    await expect(gone.scan(eicarTestFile(), file)).rejects.toBeInstanceOf(FileScanUnavailableError);
  });
});

if (!configured) {
  it.skip(`uploads through ClamAV's daemon: skipped, ${inject("clamdSkipReason") || "CLAMD_SOCKET and CLAMD_HOST are unset"}`, () => {});
}
