import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A stand-in for clamd on a unix socket, for the protocol's own tests: it parses what the client
 * sends as clamd does (the command, then length-prefixed chunks up to a zero length) and answers
 * with `reply(bytes)`, or never when the reply is null. The real daemon is exercised by
 * app/services/files/clamd-scanner.integration.test.ts.
 */
export async function startFakeClamd(reply: (received: Buffer) => string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-clamd-"));
  const socketPath = path.join(dir, "clamd.sock");
  const sessions: { command: string; chunkLengths: number[]; bytes: Buffer }[] = [];
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    let buffer = Buffer.alloc(0);
    let command: string | null = null;
    const chunkLengths: number[] = [];
    const chunks: Buffer[] = [];
    socket.on("data", (data) => {
      buffer = Buffer.concat([buffer, data]);
      if (command === null) {
        const end = buffer.indexOf(0);
        if (end === -1) return;
        command = buffer.subarray(0, end).toString("latin1");
        buffer = buffer.subarray(end + 1);
      }
      while (buffer.length >= 4) {
        const length = buffer.readUInt32BE(0);
        if (buffer.length < 4 + length) return;
        chunkLengths.push(length);
        chunks.push(buffer.subarray(4, 4 + length));
        buffer = buffer.subarray(4 + length);
        if (length === 0) {
          const bytes = Buffer.concat(chunks);
          sessions.push({ command, chunkLengths, bytes });
          const answer = reply(bytes);
          if (answer !== null) socket.end(`${answer}\0`);
          return;
        }
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    sessions,
    async stop() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
