import { type InProcessServer, startInProcessServer } from "./in-process-server.ts";
import { test } from "./test.ts";

/**
 * A server of the spec file's own (its cases need the database, which the shared server's process
 * holds), started before the file's tests and stopped after them. The server exists only once
 * the hook has run, so the spec reads it through the returned function, inside its tests.
 */
export function inProcessServerForFile(
  options: Parameters<typeof startInProcessServer>[0],
): () => InProcessServer {
  let server: InProcessServer | undefined;
  test.beforeAll(async () => {
    // A fresh embedded database initialises and migrates first: over a minute on a loaded machine.
    test.setTimeout(180_000);
    server = await startInProcessServer(options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error(`the ${options.name} server has not started`);
    return server;
  };
}
