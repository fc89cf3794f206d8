import { runtimeContext } from "~/context.ts";
import type { Route } from "./+types/healthz";

/** Liveness and readiness in one: 200 only after a real database round trip. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(runtimeContext);
  const started = performance.now();
  try {
    await database.ping();
    return Response.json(
      {
        status: "ok",
        database: {
          status: "up",
          engine: database.engine,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch {
    return Response.json(
      { status: "error", database: { status: "down", engine: database.engine } },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
