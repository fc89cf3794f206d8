import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { caseMessageForm } from "~/domain/case-conversation/conversation-rules.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";

/** What the page shows after a message it could not send: the form with what was typed. */
interface MessageRefused {
  form: "message";
  result: SubmissionResult<string[]>;
  /** The disclosure gate's findings, one sentence each, when it refused a doctor's message. */
  refusals: string[];
}

type Send = (
  message: z.output<typeof caseMessageForm>,
) => Promise<{ ok: true } | { ok: false; message: string; refusals?: string[] }>;

/**
 * The message box's action on the employer's referral page and the doctor's case page
 * (docs/architecture.md §4, "The case conversation"): the same schema as the browser, then the
 * domain. A sent message redirects back to the thread, so a reload sends nothing twice; a refused
 * one comes back with what was typed and why, so nothing is lost. A thread that closed while the
 * page was open says so in the form; a case that is not the caller's is the 404 page.
 */
export async function caseMessageAction(formData: FormData, send: Send, backTo: string) {
  const submission = parseSubmission(formData, caseMessageForm);
  const refused = (messages: string[], refusals: string[] = [], status = 400) =>
    data<MessageRefused>(
      { form: "message", result: submission.reply({ fieldErrors: { body: messages } }), refusals },
      { status },
    );
  if (submission.status !== "success")
    return data<MessageRefused>(
      { form: "message", result: submission.reply(), refusals: [] },
      { status: 400 },
    );
  try {
    const sent = await send(submission.value);
    if (!sent.ok) return refused([sent.message], sent.refusals, 422);
  } catch (error) {
    if (isDomainError(error, "invalid_state")) return refused([error.message], [], 409);
    throw refusalResponse(error, () => null);
  }
  const anchor = submission.value.thread === "person_doctor" ? "person-messages" : "messages";
  throw redirect(`${backTo}?sent=message#${anchor}`);
}
