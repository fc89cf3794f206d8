import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "~/config.server.ts";
import {
  actorOfSession,
  type CurrentSession,
  loadSession,
} from "~/domain/accounts/load-session.server.ts";
import type { RequestMeta } from "~/domain/accounts/types.ts";
import type { RequestOrigin } from "~/domain/kernel/actor.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { startRuntime } from "~/runtime.server.ts";
import { authHeaders } from "~/services/auth/auth.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { forFile } from "./database-fixture.ts";

/** A real runtime (database, better-auth, outbox mailer) on a fresh test database. */
export async function startTestRuntime(settings: Record<string, string> = {}): Promise<{
  runtime: Runtime;
  dataDir: string;
  stop(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-accounts-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JOBS: "off",
    NODE_ENV: "test",
    ...settings,
  });
  const runtime = await startRuntime(config, { database: await createTestDatabase() });
  return {
    runtime,
    dataDir,
    async stop() {
      await runtime.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's own runtime (startTestRuntime), started before its tests and stopped after them;
 * read `runtime` and `dataDir` inside tests and hooks.
 */
export function testRuntimeForFile() {
  const open = forFile(startTestRuntime, (started) => started.stop());
  return {
    get runtime() {
      return open().runtime;
    },
    get dataDir() {
      return open().dataDir;
    },
  };
}

/** A browser's cookie jar, fed from Set-Cookie headers. */
export class CookieJar {
  private cookies = new Map<string, string>();
  absorb(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  clear() {
    this.cookies.clear();
  }
}

let requestCounter = 0;

export function requestFrom(ip: string, jar?: CookieJar): RequestMeta {
  const request = new Request("http://localhost:3000/", {
    headers: jar ? { cookie: jar.header(), "user-agent": "vitest" } : { "user-agent": "vitest" },
  });
  return { headers: authHeaders(request, ip), ip, requestId: `test-${++requestCounter}` };
}

/** The session these request headers sign in; a test that expects one stops when there is none. */
export async function activeSession(runtime: Runtime, headers: Headers, now?: Date) {
  const lookup = await loadSession(runtime, headers, now);
  if (lookup.status !== "active") throw new Error(lookup.status);
  return lookup.current;
}

/** The scope that session's requests act in, as the scope middleware builds it from the actor. */
export function scopeOfSession(runtime: Runtime, current: CurrentSession, origin: RequestOrigin) {
  const actor = actorOfSession(current);
  if (!actor) throw new Error("no actor");
  return createScope(runtime.database.db, actor, origin, testAdapters());
}
