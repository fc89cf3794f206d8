import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { questionnaireDefinition } from "~/db/schema/index.ts";
import { canonicalJson, sha256OfCanonicalJson } from "./canonical-json.ts";
import { publishedQuestionnaires } from "./questionnaire-registry.ts";
import type { Questionnaire } from "./questionnaire-types.ts";

/** A published version whose file no longer matches what was published: the server must not start. */
export class PublishedQuestionnaireChangedError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Published questionnaire definitions are immutable, and the files in app/domain/assessments/questionnaires no longer match the database:\n${problems
        .map((p) => `  - ${p}`)
        .join(
          "\n",
        )}\nRestore the published file and add the change as a new version (<key>.v<next>.json), registered in questionnaire-registry.ts.`,
    );
    this.name = "PublishedQuestionnaireChangedError";
  }
}

interface QuestionnaireSyncResult {
  /** `key@version` of each version published by this run. */
  published: string[];
  unchanged: number;
}

/**
 * Loads the questionnaire files into `questionnaire_definition` (run at every start-up, after the
 * migrations). Idempotent: a version already stored with the same SHA-256 is left alone; a new
 * version is inserted. A stored version whose file changed, or vanished, is refused with
 * PublishedQuestionnaireChangedError: responses were answered against the stored content, so it
 * must never shift under them. Concurrent starts are safe (unique key + version, ON CONFLICT).
 */
export async function syncQuestionnaireDefinitions(
  db: Database,
  {
    definitions = publishedQuestionnaires(),
    now = new Date(),
  }: { definitions?: readonly Questionnaire[]; now?: Date } = {},
): Promise<QuestionnaireSyncResult> {
  const files = await Promise.all(
    definitions.map(async (definition) => ({
      definition,
      id: `${definition.name}@${definition.version}`,
      sha256: await sha256OfCanonicalJson(definition),
    })),
  );
  const stored = await db
    .select({
      key: questionnaireDefinition.key,
      version: questionnaireDefinition.version,
      sha256: questionnaireDefinition.sha256,
    })
    .from(questionnaireDefinition);
  const storedById = new Map(stored.map((row) => [`${row.key}@${row.version}`, row.sha256]));
  const fileIds = new Set(files.map((f) => f.id));

  const problems: string[] = [];
  for (const file of files) {
    const sha = storedById.get(file.id);
    if (sha && sha !== file.sha256)
      problems.push(
        `${file.id} was published with SHA-256 ${sha}; its file now hashes to ${file.sha256}`,
      );
  }
  for (const id of storedById.keys())
    if (!fileIds.has(id))
      problems.push(`${id} is published in the database but its file is no longer registered`);
  if (problems.length > 0) throw new PublishedQuestionnaireChangedError(problems);

  const published: string[] = [];
  for (const file of files) {
    if (storedById.has(file.id)) continue;
    const inserted = await db
      .insert(questionnaireDefinition)
      .values({
        key: file.definition.name,
        version: file.definition.version,
        url: file.definition.url,
        // Stored as canonical JSON so the row hashes to its sha256 column by itself.
        definition: sql`${canonicalJson(file.definition)}::jsonb`,
        sha256: file.sha256,
        publishedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: questionnaireDefinition.id });
    if (inserted.length > 0) published.push(file.id);
  }
  return { published, unchanged: files.length - published.length };
}
