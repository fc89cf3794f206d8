import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { runtimeContext } from "~/context.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { loader } from "./healthz.ts";

function call(ping: () => Promise<void>) {
  const context = new RouterContextProvider();
  context.set(runtimeContext, { database: { engine: "pglite", ping } } as unknown as Runtime);
  return loader({ context } as unknown as Parameters<typeof loader>[0]);
}

describe("GET /healthz", () => {
  it("answers 200 after a database round trip", async () => {
    let pinged = 0;
    const response = await call(async () => {
      pinged++;
    });
    expect(response.status).toBe(200);
    expect(pinged).toBe(1);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "up" } });
  });

  it("answers 503 when the database is unreachable", async () => {
    const response = await call(() => Promise.reject(new Error("connection refused")));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "error",
      database: { status: "down", engine: "pglite" },
    });
  });
});
