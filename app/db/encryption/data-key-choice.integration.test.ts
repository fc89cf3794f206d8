import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { type DatabaseHandle, openDatabase } from "~/db/client.server.ts";
import { dataKeyChoice } from "~/db/schema/index.ts";
import { startRuntime } from "~/runtime.server.ts";
import { startTestRuntime } from "~tests/support/accounts-harness.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  adoptChosenDataKey,
  DataKeyNotHeldError,
  followChosenDataKey,
  makeDataKeyCurrent,
} from "./data-key-choice.server.ts";
import {
  createKeyring,
  currentDataKeyring,
  type DataKeyring,
  encryptString,
  generateDataKey,
} from "./keyring.ts";

const database = testDatabaseForFile();

/*
 * Two app hosts on one database (docs/deployment.md), each with its own pool on PostgreSQL; on
 * PGlite, which lives in one process, the second host shares the handle, and the choice still
 * travels only through the table.
 */
let otherHandle: DatabaseHandle | null = null;
const hostB = () => otherHandle?.db ?? database.db;

beforeAll(async () => {
  const url = database.connectionString;
  otherHandle = url ? await openDatabase({ kind: "postgres", url }) : null;
});
afterAll(async () => {
  await otherHandle?.close();
});

const oldKey = generateDataKey();
const newKey = generateDataKey();
const keyIdOf = (value: string) => value.split(":")[2];

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

describe("the current data key across app hosts", () => {
  it("seals on every host under the database's key, whatever each host's setting puts first", async () => {
    await database.db.delete(dataKeyChoice);
    // Host A started first, with only the old key.
    const hostAKeys = await adoptChosenDataKey(database.db, createKeyring("k1", { k1: oldKey }));
    // Host B was restarted mid-rotation with the new key first in its setting.
    const hostBKeys = await adoptChosenDataKey(
      hostB(),
      createKeyring("k2", { k2: newKey, k1: oldKey }),
    );
    expect(hostAKeys.currentKeyId).toBe("k1");
    expect(hostBKeys.currentKeyId).toBe("k1");
    // So what B writes, A can open.
    expect(keyIdOf(encryptString(hostBKeys, "fit note", "t.c"))).toBe("k1");
  });

  it("refuses a host that does not hold the chosen key", async () => {
    await makeDataKeyCurrent(database.db, "k2");
    await expect(
      adoptChosenDataKey(hostB(), createKeyring("k1", { k1: oldKey })),
    ).rejects.toBeInstanceOf(DataKeyNotHeldError);
  });

  it("moves every running host to the key keys:rotate makes current", async () => {
    await database.db.delete(dataKeyChoice);
    let installed: DataKeyring = await adoptChosenDataKey(
      hostB(),
      createKeyring("k1", { k1: oldKey, k2: newKey }),
    );
    expect(installed.currentKeyId).toBe("k1");
    const notHeld: string[] = [];
    const following = followChosenDataKey(
      hostB(),
      installed,
      { install: (keys) => (installed = keys), onNotHeld: (e) => notHeld.push(e.message) },
      20,
    );
    // A host lacking the next key says so, once, and keeps sealing under the one it has.
    let lacking: DataKeyring = createKeyring("k1", { k1: oldKey });
    const lackingFollow = followChosenDataKey(
      hostB(),
      lacking,
      { install: (keys) => (lacking = keys), onNotHeld: (e) => notHeld.push(e.message) },
      20,
    );
    try {
      await makeDataKeyCurrent(database.db, "k2");
      await until(() => installed.currentKeyId === "k2", "host B to seal under k2");
      expect(keyIdOf(encryptString(installed, "fit note", "t.c"))).toBe("k2");
      await until(() => notHeld.length > 0, "the host without k2 to say so");
      await new Promise((r) => setTimeout(r, 100));
      expect(notHeld).toHaveLength(1);
      expect(notHeld[0]).toContain('"k2"');
      expect(lacking.currentKeyId).toBe("k1");
    } finally {
      following.stop();
      lackingFollow.stop();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two app runtimes on one PostgreSQL database", () => {
  it("start on the database's key, refuse a host without it, and follow keys:rotate", {
    timeout: 120_000,
  }, async () => {
    const setting = (ids: string[]) =>
      ids.map((id) => `${id}:${(id === "k1" ? oldKey : newKey).toString("base64")}`).join(",");
    const first = await startTestRuntime({ DATA_ENCRYPTION_KEYS: setting(["k1"]) });
    const url = first.runtime.database.connectionString!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-second-host-"));
    const hostConfig = (keys: string) =>
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        JOBS: "off",
        NODE_ENV: "test",
        DATABASE_URL: url,
        DATA_ENCRYPTION_KEYS: keys,
      });
    let second: Awaited<ReturnType<typeof startRuntime>> | undefined;
    try {
      // Restarted mid-rotation with the new key first: it still seals under the old one.
      second = await startRuntime(hostConfig(setting(["k2", "k1"])), {
        database: await openDatabase({ kind: "postgres", url }),
      });
      expect(currentDataKeyring().currentKeyId).toBe("k1");
      await makeDataKeyCurrent(second.database.db, "k2");
      await until(() => currentDataKeyring().currentKeyId === "k2", "the second host to switch");
      // A host holding only the old key cannot join any more.
      await expect(
        startRuntime(hostConfig(setting(["k1"])), {
          database: await openDatabase({ kind: "postgres", url }),
        }),
      ).rejects.toBeInstanceOf(DataKeyNotHeldError);
    } finally {
      await second?.shutdown();
      await first.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
