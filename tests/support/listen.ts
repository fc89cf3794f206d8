import type { AddressInfo } from "node:net";
import type { Express } from "express";

/**
 * An Express app listening on a port the system picks, once it listens: its port, the loopback
 * URL to reach it, and how to stop it, so a test's server is started and ended the same way.
 */
export async function listenForTest(app: Express) {
  const server = app.listen(0);
  await new Promise((listening) => server.once("listening", listening));
  const { port } = server.address() as AddressInfo;
  return { port, base: `http://127.0.0.1:${port}`, close: () => void server.close() };
}
