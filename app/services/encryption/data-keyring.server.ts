import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/config.server.ts";
import {
  createKeyring,
  type DataKeyring,
  generateDataKey,
  newKeyId,
  parseKeyringSetting,
} from "~/db/encryption/keyring.ts";
import { missingSecretError, secretIsRequired } from "../auth/secret.server.ts";

interface ResolvedKeyring {
  keyring: DataKeyring;
  /** `config`: DATA_ENCRYPTION_KEYS; `file`: DATA_DIR/data-keys.json (development). */
  source: "config" | "file";
  file?: string;
}

function keyringFilePath(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "data-keys.json");
}

interface KeyringFile {
  current: string;
  keys: Record<string, string>;
}

function readKeyringFile(file: string): DataKeyring | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const parsed = JSON.parse(text) as KeyringFile;
  return createKeyring(
    parsed.current,
    Object.fromEntries(
      Object.entries(parsed.keys).map(([id, k]) => [id, Buffer.from(k, "base64")]),
    ),
  );
}

export function writeKeyringFile(file: string, keyring: DataKeyring): void {
  const body: KeyringFile = {
    current: keyring.currentKeyId,
    keys: Object.fromEntries([...keyring.keys].map(([id, k]) => [id, k.toString("base64")])),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/**
 * The data keyring: DATA_ENCRYPTION_KEYS when set. A production deployment (the same test as the
 * auth secret: production over https or on PostgreSQL) refuses to start without it: a key that
 * lives only beside the data protects nothing. Elsewhere, `npm start` on this machine included, a
 * key is generated into DATA_DIR on first start, so a local run needs no configuration.
 */
export function resolveDataKeyring(config: Config): ResolvedKeyring {
  if (config.DATA_ENCRYPTION_KEYS) {
    return { keyring: parseKeyringSetting(config.DATA_ENCRYPTION_KEYS), source: "config" };
  }
  if (secretIsRequired(config)) {
    throw missingSecretError(
      "DATA_KEY_MISSING",
      "DATA_ENCRYPTION_KEYS is not set. In production health data is encrypted under a key from configuration: " +
        "set it to `<keyid>:<32 random bytes, base64>` (e.g. `k1:$(openssl rand -base64 32)`), the same on every server, kept apart from backups.",
    );
  }
  const file = keyringFilePath(config);
  const existing = readKeyringFile(file);
  if (existing) return { keyring: existing, source: "file", file };
  const id = newKeyId();
  const keyring = createKeyring(id, { [id]: generateDataKey() });
  writeKeyringFile(file, keyring);
  return { keyring, source: "file", file };
}
