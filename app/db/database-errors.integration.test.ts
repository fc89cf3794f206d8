import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/services/logger.server.ts";
import { listenForTest } from "~tests/support/listen.ts";
import { thrown } from "~tests/support/routes.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { requestLogger } from "../../server/request-log.ts";
import type { DatabaseHandle } from "./client.server.ts";
import { errorForLog, isDatabaseUnavailable } from "./database-errors.ts";
import { referral, user } from "./schema/index.ts";

/** A phrase that must never reach a log line, planted in the values of failing writes. */
const marker = "MARKER-struggling-with-anxiety-7f3a";

describe("database errors in the logs", () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const logger = createLogger("info", sink);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("keeps the error code and statement name, and no value the statement was given", async () => {
    const email = `${marker}@example.org`;
    await database.db.insert(user).values({ id: "marker-user", email, name: marker });
    // A unique violation: PostgreSQL's detail quotes the duplicate key.
    const duplicate = await thrown(
      database.db.insert(user).values({ id: "marker-user-2", email, name: marker }),
    );
    // A malformed uuid: PostgreSQL's message quotes the value.
    const malformed = await thrown(
      database.db.select().from(referral).where(eq(referral.id, marker)),
    );
    // The raw error really does carry the marker: this test would notice if it stopped mattering.
    expect(JSON.stringify(duplicate, Object.getOwnPropertyNames(duplicate))).toContain(marker);

    logger.error({ err: duplicate }, "request failed");
    logger.error({ err: malformed }, "request failed");

    // Through the HTTP request log too (pino-http has its own serializers).
    const app = express();
    app.use(requestLogger(logger));
    app.get("/fail", (_req, _res, next) => next(duplicate));
    app.use((error: unknown, req: express.Request, res: express.Response, _next: unknown) => {
      req.log.error({ err: error }, "unhandled error");
      res.status(500).end();
    });
    const { base, close } = await listenForTest(app);
    await fetch(`${base}/fail`);
    close();

    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(4);
    const offending = lines.filter((line) => line.includes(marker) || line.includes("struggling"));
    expect(offending).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as { err?: Record<string, unknown> });
    expect(logged[0]?.err).toMatchObject({
      type: "database",
      code: "23505",
      statement: "insert into user",
      unavailable: false,
    });
    expect(logged[1]?.err).toMatchObject({ type: "database", code: "22P02" });
    expect(errorForLog(malformed)).not.toHaveProperty("message");
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });
});
