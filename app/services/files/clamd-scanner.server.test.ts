import { afterEach, describe, expect, it } from "vitest";
import { startFakeClamd } from "~tests/support/fake-clamd.ts";
import { clamdScanner } from "./clamd-scanner.server.ts";
import { FileScanUnavailableError } from "./file-scanner.ts";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});
async function fake(reply: (received: Buffer) => string | null) {
  const daemon = await startFakeClamd(reply);
  stops.push(daemon.stop);
  return daemon;
}
const file = { fileName: "fit-note.pdf" };

describe("clamd's INSTREAM protocol", () => {
  it("sends the file in length-prefixed chunks ended by a zero length, and reads OK as clean", async () => {
    const daemon = await fake(() => "stream: OK");
    const bytes = new Uint8Array(150 * 1024).map((_, i) => i % 251);
    expect(await clamdScanner({ socketPath: daemon.socketPath }).scan(bytes, file)).toEqual({
      clean: true,
    });
    const [session] = daemon.sessions;
    expect(session?.command).toBe("zINSTREAM");
    expect(session?.chunkLengths).toEqual([65536, 65536, 22528, 0]);
    expect(session?.bytes.equals(Buffer.from(bytes))).toBe(true);
  });

  it("reads FOUND as infected, naming the signature", async () => {
    const daemon = await fake(() => "stream: Win.Test.EICAR_HDB-1 FOUND");
    expect(
      await clamdScanner({ socketPath: daemon.socketPath }).scan(new Uint8Array([1]), file),
    ).toEqual({
      clean: false,
      signature: "Win.Test.EICAR_HDB-1",
      reason:
        "This file contains a virus or other malware (Win.Test.EICAR_HDB-1), so it was not uploaded.",
    });
  });

  it("treats an error reply, no daemon and a silent daemon as unchecked, never as clean or infected", async () => {
    const refusing = await fake(() => "INSTREAM size limit exceeded. ERROR");
    await expect(
      clamdScanner({ socketPath: refusing.socketPath }).scan(new Uint8Array([1]), file),
    ).rejects.toThrow(
      new FileScanUnavailableError("clamd answered: INSTREAM size limit exceeded. ERROR"),
    );

    const missing = clamdScanner({ socketPath: `${refusing.socketPath}.absent` });
    await expect(missing.scan(new Uint8Array([1]), file)).rejects.toBeInstanceOf(
      FileScanUnavailableError,
    );
    await expect(
      clamdScanner({ host: "127.0.0.1", port: 1 }).scan(new Uint8Array([1]), file),
    ).rejects.toThrow(/clamd could not be reached/);

    const silent = await fake(() => null);
    const started = Date.now();
    await expect(
      clamdScanner({ socketPath: silent.socketPath }, { timeoutMs: 300 }).scan(
        new Uint8Array([1]),
        file,
      ),
    ).rejects.toThrow("clamd gave no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("tells the uploader to try again, without the daemon's details", () => {
    expect(new FileScanUnavailableError("clamd answered: x").userMessage).toBe(
      "This file could not be checked for viruses just now. Please try again in a few minutes.",
    );
  });
});
