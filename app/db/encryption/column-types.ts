import { customType } from "drizzle-orm/pg-core";
import { currentDataKeyring, decryptString, encryptString } from "./keyring.ts";

/*
 * Columns whose values are sealed with AES-256-GCM on the way to the database and opened on the
 * way back, so domain code keeps reading and writing plain values of the same TypeScript type.
 * `aad` names the column (table.column): it is authenticated with the value and must never change.
 * Values cannot be compared or searched in SQL; filter on the plain columns beside them.
 */

export function encryptedJson<T>(name: string, aad: string) {
  return customType<{ data: T; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => encryptString(currentDataKeyring(), JSON.stringify(value), aad),
    fromDriver: (value) => JSON.parse(decryptString(currentDataKeyring(), value, aad)) as T,
  })(name);
}

export function encryptedText(name: string, aad: string) {
  return customType<{ data: string; driverData: string }>({
    dataType: () => "text",
    toDriver: (value) => encryptString(currentDataKeyring(), value, aad),
    fromDriver: (value) => decryptString(currentDataKeyring(), value, aad),
  })(name);
}
