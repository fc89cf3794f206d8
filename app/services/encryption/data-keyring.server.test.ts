import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { decryptString, encryptString } from "~/db/encryption/keyring.ts";
import { resolveDataKeyring } from "./data-keyring.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-keys-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const key = (byte: number) => Buffer.alloc(32, byte).toString("base64");

describe("the data keyring", () => {
  it("is generated into DATA_DIR once on a local run and read back after", () => {
    const dataDir = tempDir();
    const first = resolveDataKeyring(loadConfig({ DATA_DIR: dataDir }));
    expect(first.source).toBe("file");
    expect(fs.statSync(path.join(dataDir, "data-keys.json")).mode & 0o777).toBe(0o600);
    const again = resolveDataKeyring(loadConfig({ DATA_DIR: dataDir }));
    expect(again.keyring.currentKeyId).toBe(first.keyring.currentKeyId);
    const sealed = encryptString(first.keyring, "hello", "t.c");
    expect(decryptString(again.keyring, sealed, "t.c")).toBe("hello");
  });

  it("refuses to start a production deployment without DATA_ENCRYPTION_KEYS", () => {
    const dataDir = tempDir();
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://referoh.example",
      DATA_DIR: dataDir,
      ALLOW_DEMO_PAYMENTS: "true",
    });
    expect(() => resolveDataKeyring(config)).toThrow(/DATA_ENCRYPTION_KEYS is not set/);
    expect(fs.existsSync(path.join(dataDir, "data-keys.json"))).toBe(false);
  });

  it("takes keys from configuration, the first one current, others for reading", () => {
    const { keyring, source } = resolveDataKeyring(
      loadConfig({ DATA_DIR: tempDir(), DATA_ENCRYPTION_KEYS: `k2:${key(2)}, k1:${key(1)}` }),
    );
    expect(source).toBe("config");
    expect(keyring.currentKeyId).toBe("k2");
    expect([...keyring.keys.keys()]).toEqual(["k2", "k1"]);
  });

  it("rejects a key of the wrong length", () => {
    expect(() =>
      resolveDataKeyring(
        loadConfig({
          DATA_DIR: tempDir(),
          DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(16).toString("base64")}`,
        }),
      ),
    ).toThrow(/32 bytes/);
  });
});
