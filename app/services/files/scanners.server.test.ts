import { afterEach, describe, expect, it } from "vitest";
import { docm, docx, minimalPdf } from "~tests/support/documents.ts";
import { startFakeClamd } from "~tests/support/fake-clamd.ts";
import { createFileScanner } from "./scanners.server.ts";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
const file = { fileName: "letter.docx" };
const noDaemon = { CLAMD_SOCKET: undefined, CLAMD_HOST: undefined, CLAMD_PORT: 3310 };

describe("the scanner uploads go through", () => {
  it("without a daemon, refuses active content and passes the rest", async () => {
    const scanner = createFileScanner(noDaemon);
    expect(await scanner.scan(docx(), file)).toEqual({ clean: true });
    expect(await scanner.scan(docm(), file)).toMatchObject({ clean: false });
  });

  it("with a daemon, asks it only about files with no active content, and takes its refusal", async () => {
    const daemon = await startFakeClamd(() => "stream: Doc.Dropper.Agent-1 FOUND");
    stops.push(daemon.stop);
    const scanner = createFileScanner({ ...noDaemon, CLAMD_SOCKET: daemon.socketPath });
    expect(await scanner.scan(docm(), file)).toMatchObject({
      clean: false,
      reason: expect.stringContaining("macros"),
    });
    expect(daemon.sessions).toHaveLength(0);
    expect(await scanner.scan(minimalPdf(), file)).toMatchObject({
      clean: false,
      signature: "Doc.Dropper.Agent-1",
    });
    expect(daemon.sessions).toHaveLength(1);
  });

  it("reaches a daemon by host and port when no socket is given", async () => {
    const scanner = createFileScanner({ ...noDaemon, CLAMD_HOST: "127.0.0.1", CLAMD_PORT: 1 });
    await expect(scanner.scan(docx(), file)).rejects.toThrow(/clamd could not be reached/);
  });
});
