import { eq } from "drizzle-orm";
import { questionnaireResponse } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

type ResponseRow = typeof questionnaireResponse.$inferSelect;

/** The subject's response, optionally locked for update inside a transaction. */
export async function loadResponse(
  db: Executor,
  referralId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<ResponseRow | null> {
  const query = db
    .select()
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.referralId, referralId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}
