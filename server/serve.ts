import { createServer, type RequestListener, type Server } from "node:http";

interface Serveable {
  app: RequestListener;
  port: number;
  host: string;
  publicUrl: string;
  shutdown(): Promise<void>;
  log(message: string): void;
  /** Say where it runs once listening; in a cluster the primary says it for all its workers. */
  announce?: boolean;
  /** Called once with the HTTP server before it accepts connections (WebSocket upgrades). */
  attach?(server: Server): void;
}

/**
 * Listens, and on SIGTERM/SIGINT stops taking requests, lets open ones finish, stops the job
 * worker and closes the database (PGlite must be closed or it recovers at the next start),
 * then exits 0 — all within 5 seconds.
 */
export function serve(options: Serveable): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(options.app).listen(options.port, options.host, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      const url = options.publicUrl.replace(/:\d+$/, `:${port}`);
      if (options.announce ?? true) options.log(`ReferOH is running at ${url}`);
      resolve(server);
    });
    options.attach?.(server);
    server.on("error", reject);
    server.keepAliveTimeout = 5000;

    let closing = false;
    // While shutting down, each kept-alive connection gets one last answer and is then closed,
    // so the open connections drain instead of taking new requests until they are cut off.
    server.on("request", (_req, res) => {
      if (closing && !res.headersSent) res.setHeader("Connection", "close");
    });
    const stop = async (signal: string) => {
      if (closing) return;
      closing = true;
      options.log(`${signal} received, shutting down`);
      const force = setTimeout(() => {
        options.log("shutdown took too long; exiting");
        process.exit(1);
      }, 4500);
      force.unref();
      // The database closes only after the requests in progress have answered (or 2.5 s have
      // passed): closing it under them turned their queries into server errors.
      const drained = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Upgraded (WebSocket) connections can keep the server open: do not wait on them.
        setTimeout(resolve, 2500).unref();
      });
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2000).unref();
      try {
        await drained;
        await options.shutdown();
        process.exit(0);
      } catch (error) {
        console.error(error);
        process.exit(1);
      }
    };
    process.once("SIGTERM", () => void stop("SIGTERM"));
    process.once("SIGINT", () => void stop("SIGINT"));
  });
}
