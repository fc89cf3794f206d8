import { dataKeyRereadMs, makeDataKeyCurrent } from "~/db/encryption/data-key-choice.server.ts";
import {
  createKeyring,
  generateDataKey,
  installDataKeyring,
  newKeyId,
} from "~/db/encryption/keyring.ts";
import { keyIdsInUse, resealEncryptedColumns } from "~/db/encryption/reseal.server.ts";
import { resolveDataKeyring, writeKeyringFile } from "~/services/encryption/data-keyring.server.ts";
import { openConfiguredDatabase } from "./lib/open-configured-database.ts";

// `npm run keys:rotate`: re-encrypt every health value under a new data key.
// - Keyring file (DATA_DIR/data-keys.json, no DATA_ENCRYPTION_KEYS): a new key is added and made
//   current, then every value is re-sealed. Run with the server stopped.
// - DATA_ENCRYPTION_KEYS: put the new key first in the setting on every server (keep the old one
//   after it) and restart them; they keep sealing under the key the database names until this
//   makes the new one current (app/db/encryption/data-key-choice.server.ts). It then waits until
//   every running server has read that choice, re-seals every value under the new key and says
//   which old key ids no value names any more, so they can be removed from the setting.
const { config, database } = await openConfiguredDatabase();
try {
  const resolved = resolveDataKeyring(config);
  let keyring = resolved.keyring;
  if (resolved.source === "file" && resolved.file) {
    const id = newKeyId();
    keyring = createKeyring(id, {
      ...Object.fromEntries(keyring.keys),
      [id]: generateDataKey(),
    });
    // Written before any value moves: a crash half-way leaves every value readable.
    writeKeyringFile(resolved.file, keyring);
    console.log(`New data key ${id} added to ${resolved.file} and made current.`);
  } else {
    console.log(`Re-sealing under ${keyring.currentKeyId}, the first key of DATA_ENCRYPTION_KEYS.`);
  }
  installDataKeyring(keyring);
  await makeDataKeyCurrent(database.db, keyring.currentKeyId);
  if (database.engine === "postgres") {
    // Servers read the choice every few seconds; one still sealing under the old key while the
    // values are re-sealed would leave new values under it.
    console.log(
      `${keyring.currentKeyId} is now the current key of every server; waiting for each to read it.`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2 * dataKeyRereadMs));
  }
  const counts = await resealEncryptedColumns(database.db, keyring, "rotate");
  for (const [column, n] of Object.entries(counts)) console.log(`  ${column}: ${n} re-encrypted`);
  const inUse = await keyIdsInUse(database.db);
  console.log(`Key ids now in use: ${Object.keys(inUse).join(", ") || "(no values)"}`);
  const retired = [...keyring.keys.keys()].filter(
    (id) => id !== keyring.currentKeyId && !inUse[id],
  );
  if (retired.length > 0) {
    console.log(
      `No value uses ${retired.join(", ")} any more; keep ${retired.length > 1 ? "them" : "it"} only as long as backups made before now are kept.`,
    );
  }
} finally {
  await database.close();
}
