import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { questionnaireDefinition } from "~/db/schema/index.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { sha256OfCanonicalJson } from "./canonical-json.ts";
import { publishedQuestionnaires } from "./questionnaire-registry.ts";
import type { Questionnaire } from "./questionnaire-types.ts";
import {
  PublishedQuestionnaireChangedError,
  syncQuestionnaireDefinitions,
} from "./sync-questionnaire-definitions.server.ts";

const database = testDatabaseForFile({ questionnaires: false });

const files = publishedQuestionnaires();
const stored = () =>
  database.db
    .select()
    .from(questionnaireDefinition)
    .orderBy(asc(questionnaireDefinition.key), asc(questionnaireDefinition.version));

describe("loading questionnaire files into the database", () => {
  it("publishes every file once, with the SHA-256 of its canonical JSON, and is idempotent", async () => {
    const first = await syncQuestionnaireDefinitions(database.db);
    expect(first.published).toHaveLength(files.length);
    expect(first.unchanged).toBe(0);

    const rows = await stored();
    expect(rows).toHaveLength(files.length);
    for (const file of files) {
      const row = rows.find((r) => r.key === file.name && r.version === file.version);
      expect(row?.url).toBe(file.url);
      expect(row?.sha256).toBe(await sha256OfCanonicalJson(file));
      // The stored content is the file's content, and hashes to its own column.
      expect(await sha256OfCanonicalJson(row?.definition)).toBe(row?.sha256);
    }

    const second = await syncQuestionnaireDefinitions(database.db);
    expect(second).toEqual({ published: [], unchanged: files.length });
    expect(await stored()).toEqual(rows);
  });

  it("refuses a published version whose file changed without a version bump, changing nothing", async () => {
    const before = await stored();
    const edited = files.map((f) => structuredClone(f) as Questionnaire);
    const core = edited.find((f) => f.name === "pre-employment-core")!;
    core.item[0]!.text = `${core.item[0]!.text} (edited)`;

    const refused = await syncQuestionnaireDefinitions(database.db, { definitions: edited }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(PublishedQuestionnaireChangedError);
    expect((refused as Error).message).toContain(
      "pre-employment-core@1 was published with SHA-256",
    );
    expect((refused as Error).message).toContain("add the change as a new version");
    expect(await stored()).toEqual(before);
  });

  it("refuses a published version whose file was removed", async () => {
    const withoutCore = files.filter((f) => f.name !== "pre-employment-core");
    await expect(
      syncQuestionnaireDefinitions(database.db, { definitions: withoutCore }),
    ).rejects.toThrow(/pre-employment-core@1 is published in the database but its file/);
  });

  it("adds a new version next to the old one, which stays as published", async () => {
    const core = files.find((f) => f.name === "pre-employment-core")!;
    const v2 = structuredClone(core) as Questionnaire;
    v2.version = "2";
    v2.item[0]!.text = `${v2.item[0]!.text} (revised)`;
    const result = await syncQuestionnaireDefinitions(database.db, {
      definitions: [...files, v2],
    });
    expect(result).toEqual({ published: ["pre-employment-core@2"], unchanged: files.length });
    const versions = (await stored())
      .filter((r) => r.key === "pre-employment-core")
      .map((r) => [r.version, r.sha256]);
    expect(versions).toEqual([
      ["1", await sha256OfCanonicalJson(core)],
      ["2", await sha256OfCanonicalJson(v2)],
    ]);
  });

  it("the database itself refuses to edit or delete a published version", async () => {
    await expect(
      database.db.execute(
        sql`update questionnaire_definition set sha256 = 'x' where key = 'pre-employment-core'`,
      ),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from questionnaire_definition`)).rejects.toThrow();
  });
});
