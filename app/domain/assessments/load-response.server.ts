import { and, eq } from "drizzle-orm";
import { questionnaireResponse } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleQuestionnaireResponses } from "~/domain/kernel/visibility.server.ts";

type ResponseRow = typeof questionnaireResponse.$inferSelect;

/** The response of the person holding the link: what their pages show and where they resume. */
export async function ownResponse(scope: Scope): Promise<ResponseRow | null> {
  const subject = requireSubject(scope);
  return loadResponse(subject.db, subject, subject.actor.referralId);
}

/**
 * The subject's response, optionally locked for update inside a transaction: a building block of
 * the subject's use cases, which have checked the link first. It joins the caller's transaction
 * (`db`) and still reads through the scope's builder.
 */
export async function loadResponse(
  db: Executor,
  scope: Scope,
  referralId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<ResponseRow | null> {
  const query = db
    .select()
    .from(questionnaireResponse)
    .where(
      and(eq(questionnaireResponse.referralId, referralId), visibleQuestionnaireResponses(scope)),
    );
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}
