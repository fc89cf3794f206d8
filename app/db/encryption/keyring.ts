import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/*
 * AES-256-GCM for health payload columns (ADR 0008). A stored value is
 * `enc:v1:<keyId>:<iv>:<ciphertext+tag>` (base64url), so each value names the key that sealed it
 * and a key can be retired once no row names it. The column's name is bound in as additional
 * authenticated data: a ciphertext copied into another column does not decrypt.
 */

export const CIPHERTEXT_PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,40}$/;

export interface DataKeyring {
  /** The key new values are sealed with. */
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecryptionError";
  }
}

export function createKeyring(currentKeyId: string, keys: Record<string, Buffer>): DataKeyring {
  const map = new Map<string, Buffer>();
  for (const [id, key] of Object.entries(keys)) {
    if (!KEY_ID.test(id))
      throw new Error(`Data key id "${id}" must be 1–40 letters, digits, _ or -.`);
    if (key.length !== 32) throw new Error(`Data key "${id}" must be 32 bytes (AES-256).`);
    map.set(id, key);
  }
  if (!map.has(currentKeyId)) throw new Error(`The current data key "${currentKeyId}" is missing.`);
  return { currentKeyId, keys: map };
}

export function generateDataKey(): Buffer {
  return randomBytes(32);
}

export function newKeyId(now = new Date()): string {
  return `k${now.toISOString().slice(0, 10).replaceAll("-", "")}${randomBytes(3).toString("hex")}`;
}

/**
 * `DATA_ENCRYPTION_KEYS`: comma-separated `id:base64key`, the first one current; the others stay
 * for reading values not yet re-encrypted.
 */
export function parseKeyringSetting(value: string): DataKeyring {
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(":");
      if (at < 1) throw new Error("DATA_ENCRYPTION_KEYS entries look like `keyid:base64key`.");
      return [entry.slice(0, at), Buffer.from(entry.slice(at + 1), "base64")] as const;
    });
  const [first] = entries;
  if (!first) throw new Error("DATA_ENCRYPTION_KEYS names no key.");
  return createKeyring(first[0], Object.fromEntries(entries));
}

export function isCiphertext(value: string): boolean {
  return value.startsWith(CIPHERTEXT_PREFIX);
}

export function encryptString(keyring: DataKeyring, plaintext: string, aad: string): string {
  const key = keyring.keys.get(keyring.currentKeyId);
  if (!key) throw new Error("The current data key is missing.");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const sealed = Buffer.concat([
    cipher.update(plaintext, "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${CIPHERTEXT_PREFIX}${keyring.currentKeyId}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export function decryptString(keyring: DataKeyring, stored: string, aad: string): string {
  if (!isCiphertext(stored)) {
    throw new DecryptionError(`${aad}: the stored value is not ciphertext (plaintext at rest?).`);
  }
  const [keyId, ivText, sealedText, ...rest] = stored.slice(CIPHERTEXT_PREFIX.length).split(":");
  if (!keyId || !ivText || sealedText === undefined || rest.length > 0) {
    throw new DecryptionError(`${aad}: malformed ciphertext.`);
  }
  const key = keyring.keys.get(keyId);
  if (!key) throw new DecryptionError(`${aad}: data key "${keyId}" is not in the keyring.`);
  const iv = Buffer.from(ivText, "base64url");
  const sealed = Buffer.from(sealedText, "base64url");
  if (iv.length !== IV_BYTES || sealed.length < TAG_BYTES) {
    throw new DecryptionError(`${aad}: malformed ciphertext.`);
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(aad, "utf8"));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new DecryptionError(
      `${aad}: the value failed its integrity check (tampered, or sealed under another key).`,
    );
  }
}

let installed: DataKeyring | null = null;

/** Process-wide: the column types read it on every value. Set once at runtime start. */
export function installDataKeyring(keyring: DataKeyring): void {
  installed = keyring;
}

export function currentDataKeyring(): DataKeyring {
  if (installed) return installed;
  // Tests get a fresh random key per process; nothing else gets one implicitly.
  if (process.env.VITEST) {
    const id = newKeyId();
    installed = createKeyring(id, { [id]: generateDataKey() });
    return installed;
  }
  throw new Error(
    "No data encryption keyring is installed: start the runtime (or call installDataKeyring) before touching health data.",
  );
}
