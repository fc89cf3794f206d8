import { eq, sql } from "drizzle-orm";
import type { Database } from "../client.server.ts";
import { dataKeyChoice } from "../schema/index.ts";
import type { DataKeyring } from "./keyring.ts";

/*
 * The current data key is the database's choice, not each host's (app/db/schema/data-keys.ts).
 * A host holds several keys (DATA_ENCRYPTION_KEYS) and opens a value under any of them, but seals
 * new values only under the key the database names, so a key put into every host's setting during
 * a rolling restart is not used until `npm run keys:rotate` makes it current, when every host
 * already holds it (docs/deployment.md, "Rotating the data keys").
 */

export class DataKeyNotHeldError extends Error {
  readonly code = "DATA_KEY_MISSING";
  constructor(keyId: string) {
    super(
      `The database seals health data under data key "${keyId}", which this server's DATA_ENCRYPTION_KEYS does not hold. ` +
        "Every server needs every key in use: add it to the setting (the same on every server) and start again.",
    );
    this.name = "DataKeyNotHeldError";
  }
}

/**
 * How often a running process reads the database's choice again. `keys:rotate` waits twice this
 * after changing it before it re-seals, so no process is still sealing under the old key when the
 * re-sealing starts.
 */
export const dataKeyRereadMs = 5_000;

async function chosenKeyId(db: Pick<Database, "select">): Promise<string | undefined> {
  const [row] = await db
    .select({ id: dataKeyChoice.currentKeyId })
    .from(dataKeyChoice)
    .where(eq(dataKeyChoice.singleton, true));
  return row?.id;
}

function sealingUnder(keyring: DataKeyring, keyId: string): DataKeyring {
  if (!keyring.keys.has(keyId)) throw new DataKeyNotHeldError(keyId);
  return { currentKeyId: keyId, keys: keyring.keys };
}

/**
 * At start: the keyring this process seals with, under the database's current key. The first
 * process ever to start records its own current key (the first of its setting) as the choice.
 * Refuses (DataKeyNotHeldError) where this process lacks the chosen key: it could not open what
 * the other hosts write.
 */
export async function adoptChosenDataKey(
  db: Pick<Database, "select" | "insert">,
  keyring: DataKeyring,
): Promise<DataKeyring> {
  await db
    .insert(dataKeyChoice)
    .values({ currentKeyId: keyring.currentKeyId })
    .onConflictDoNothing();
  const chosen = await chosenKeyId(db);
  return sealingUnder(keyring, chosen ?? keyring.currentKeyId);
}

/** `keys:rotate`: every process seals under `keyId` from its next read of the choice. */
export async function makeDataKeyCurrent(
  db: Pick<Database, "insert">,
  keyId: string,
): Promise<void> {
  await db
    .insert(dataKeyChoice)
    .values({ currentKeyId: keyId })
    .onConflictDoUpdate({
      target: dataKeyChoice.singleton,
      set: { currentKeyId: keyId, changedAt: sql`now()` },
    });
}

/**
 * A running process re-reads the choice every `intervalMs` and installs the keyring that seals
 * under it. A choice this process lacks is reported (`onNotHeld`) and the process keeps its key:
 * values it seals stay readable by the hosts that hold the old key, and `keys:rotate` lists that
 * key as still in use.
 */
export function followChosenDataKey(
  db: Pick<Database, "select">,
  keyring: DataKeyring,
  handlers: {
    install(keyring: DataKeyring): void;
    onNotHeld(error: DataKeyNotHeldError): void;
    onReadFailed?(error: unknown): void;
  },
  intervalMs = dataKeyRereadMs,
): { stop(): void } {
  let current = keyring.currentKeyId;
  let reported: string | undefined;
  let reading = false;
  const timer = setInterval(async () => {
    if (reading) return;
    reading = true;
    try {
      const chosen = await chosenKeyId(db);
      if (!chosen || chosen === current) return;
      if (!keyring.keys.has(chosen)) {
        // Once per choice, not at every read.
        if (reported !== chosen) handlers.onNotHeld(new DataKeyNotHeldError(chosen));
        reported = chosen;
        return;
      }
      current = chosen;
      handlers.install(sealingUnder(keyring, chosen));
    } catch (error) {
      // The database is away: keep sealing under the key already chosen, and read again later.
      handlers.onReadFailed?.(error);
    } finally {
      reading = false;
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
