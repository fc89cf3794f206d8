import net from "node:net";
import { type FileScanner, FileScanUnavailableError } from "./file-scanner.ts";

type ClamdAddress = { socketPath: string } | { host: string; port: number };

/** clamd reads a stream in chunks, each after its 4-byte big-endian length. */
const CHUNK_BYTES = 64 * 1024;

/**
 * ClamAV's daemon over its INSTREAM command (clamd(8)): `zINSTREAM\0`, the file in length-prefixed
 * chunks, a zero length to end, then one reply, `stream: OK` or `stream: <signature> FOUND`. Any
 * other reply (`… ERROR`, such as a stream over clamd's StreamMaxLength), a refused connection, a
 * dropped one or no answer within the timeout throws FileScanUnavailableError: the file was not
 * checked, which is neither clean nor infected.
 */
export function clamdScanner(
  address: ClamdAddress,
  options: { timeoutMs?: number } = {},
): FileScanner {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async scan(bytes) {
      const reply = await instream(address, bytes, timeoutMs);
      if (reply === "stream: OK") return { clean: true };
      const found = /^stream: (.+) FOUND$/.exec(reply);
      if (found) {
        return {
          clean: false,
          signature: found[1],
          reason: `This file contains a virus or other malware (${found[1]}), so it was not uploaded.`,
        };
      }
      throw new FileScanUnavailableError(`clamd answered: ${reply}`);
    },
  };
}

function instream(address: ClamdAddress, bytes: Uint8Array, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket =
      "socketPath" in address
        ? net.createConnection({ path: address.socketPath })
        : net.createConnection({ host: address.host, port: address.port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | null, reply?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(reply!);
    };
    const timer = setTimeout(
      () => finish(new FileScanUnavailableError(`clamd gave no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on("error", (error) =>
      finish(
        new FileScanUnavailableError(`clamd could not be reached: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    socket.on("data", (chunk) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString("utf8");
      // z-commands are answered with one NUL-terminated line.
      const end = text.indexOf("\0");
      if (end !== -1) finish(null, text.slice(0, end).trim());
    });
    socket.on("close", () => {
      const text = Buffer.concat(received).toString("utf8").replace(/\0/g, "").trim();
      finish(
        text ? null : new FileScanUnavailableError("clamd closed the connection without an answer"),
        text,
      );
    });
    socket.on("connect", () => {
      socket.write("zINSTREAM\0");
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        const chunk = bytes.subarray(at, at + CHUNK_BYTES);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(chunk.length);
        socket.write(length);
        socket.write(chunk);
      }
      socket.write(Buffer.alloc(4));
    });
  });
}
