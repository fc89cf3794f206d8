import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { questionnaireResponse, reportVersion } from "~/db/schema/index.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { createKeyring, DecryptionError, generateDataKey, installDataKeyring } from "./keyring.ts";
import { keyIdsInUse, resealEncryptedColumns } from "./reseal.server.ts";

let database: DatabaseHandle;
const oldKeyring = createKeyring("old", { old: generateDataKey() });

beforeAll(async () => {
  installDataKeyring(oldKeyring);
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const SECRET_ANSWER = "Recurrent migraine with visual aura";

async function newResponse() {
  const { referral } = await createInvitedReferralForTest(database.db, { type: "management" });
  const [row] = await database.db
    .insert(questionnaireResponse)
    .values({
      referralId: referral.id,
      definitionUrl: "urn:test",
      definitionVersion: "1",
      derivedFrom: [],
      buildContext: { kind: "management", referralReason: "Back pain after a fall", version: "1" },
      status: "in-progress",
      answers: { condition: SECRET_ANSWER },
      safetyReasons: [],
    })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

async function raw(id: string) {
  const result = (await database.db.execute(
    sql`select answers, transcript, build_context from questionnaire_response where id = ${id}::uuid`,
  )) as unknown as { rows: { answers: string; transcript: string; build_context: string }[] };
  const row = result.rows[0];
  if (!row) throw new Error("no row");
  return row;
}

describe("health columns at rest", () => {
  it("reads back the plain value while SQL sees only ciphertext with its key id", async () => {
    const row = await newResponse();
    expect(row.answers).toEqual({ condition: SECRET_ANSWER });
    expect(row.transcript).toEqual([]);
    const [read] = await database.db
      .select()
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.id, row.id));
    expect(read?.answers).toEqual({ condition: SECRET_ANSWER });
    expect(read?.buildContext).toMatchObject({ referralReason: "Back pain after a fall" });

    const stored = await raw(row.id);
    expect(stored.answers).toMatch(/^enc:v1:old:/);
    expect(stored.build_context).toMatch(/^enc:v1:old:/);
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain("migraine");
    expect(everything).not.toContain("Back pain");
  });

  it("refuses a tampered ciphertext with a clear error", async () => {
    const row = await newResponse();
    const stored = await raw(row.id);
    // Flip one character of the sealed bytes.
    const last = stored.answers.at(-2) === "A" ? "B" : "A";
    const tampered = `${stored.answers.slice(0, -2)}${last}${stored.answers.at(-1)}`;
    await database.db.execute(
      sql`update questionnaire_response set answers = ${tampered} where id = ${row.id}::uuid`,
    );
    const read = database.db
      .select()
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.id, row.id));
    await expect(read).rejects.toThrow(DecryptionError);
    await expect(read).rejects.toThrow(/questionnaire_response\.answers.*integrity check/);
    // Moved into another column it fails too: the column name is authenticated with the value.
    await database.db.execute(
      sql`update questionnaire_response set answers = ${stored.answers}, transcript = ${stored.answers} where id = ${row.id}::uuid`,
    );
    await expect(
      database.db.select().from(questionnaireResponse).where(eq(questionnaireResponse.id, row.id)),
    ).rejects.toThrow(/questionnaire_response\.transcript/);
    await database.db.execute(
      sql`update questionnaire_response set transcript = ${stored.transcript} where id = ${row.id}::uuid`,
    );
  });

  it("seals rows left in plaintext by an older version", async () => {
    const row = await newResponse();
    await database.db.execute(
      sql`update questionnaire_response set answers = ${JSON.stringify({ legacy: "asthma" })} where id = ${row.id}::uuid`,
    );
    const counts = await resealEncryptedColumns(database.db, oldKeyring, "plaintext");
    expect(counts["questionnaire_response.answers"]).toBe(1);
    expect((await raw(row.id)).answers).toMatch(/^enc:v1:old:/);
    const [read] = await database.db
      .select({ answers: questionnaireResponse.answers })
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.id, row.id));
    expect(read?.answers).toEqual({ legacy: "asthma" });
  });

  it("rotation re-encrypts every value and the old key id disappears", async () => {
    await newResponse();
    const rotated = createKeyring("new", {
      new: generateDataKey(),
      old: oldKeyring.keys.get("old")!,
    });
    expect(Object.keys(await keyIdsInUse(database.db))).toContain("old");
    await resealEncryptedColumns(database.db, rotated, "rotate");
    expect(Object.keys(await keyIdsInUse(database.db))).toEqual(["new"]);
    // Only the new key is needed from now on.
    installDataKeyring(createKeyring("new", { new: rotated.keys.get("new")! }));
    const rows = await database.db.select().from(questionnaireResponse);
    expect(rows.some((r) => r.answers.condition === SECRET_ANSWER)).toBe(true);
    expect(await database.db.select().from(reportVersion)).toEqual([]);
  });
});
