import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type {
  EnquiryActionResult,
  EnquiryOutcome,
} from "~/components/marketing/enquiry-outcome.tsx";
import { requestContext, runtimeContext } from "~/context.ts";
import { checkRateLimit } from "~/domain/kernel/rate-limit.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import type { Runtime } from "~/services/runtime.server.ts";

/**
 * What both public enquiry forms (contact, register interest) do with a submission: check it
 * against the form's schema, turn away a network that has sent several in the last minutes, store
 * it, and answer with the outcome the page shows. A failure is logged without the enquiry itself.
 */
export async function answerEnquiry<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  schema: S,
  enquiry: {
    /** Stores the enquiry (its e-mail to our inbox may follow later) and says how that went. */
    store: (runtime: Runtime, value: z.output<S>, ip: string | null) => Promise<EnquiryOutcome>;
    /** The answer to a network that has sent several enquiries in the last minutes. */
    tooMany: EnquiryOutcome;
    /** The answer when the enquiry could not be stored. */
    failed: EnquiryOutcome;
    /** The log line for that failure. */
    failureLog: string;
  },
) {
  const runtime = context.get(runtimeContext);
  const { ip } = context.get(requestContext);
  const submission = parseSubmission(await request.formData(), schema);
  if (submission.status !== "success")
    return data<EnquiryActionResult>({ result: submission.reply() }, { status: 400 });
  try {
    if (ip && (await checkRateLimit(runtime.database.db, "enquiry", ip)).limited)
      return data<EnquiryActionResult>({ outcome: enquiry.tooMany }, { status: 429 });
    const outcome = await enquiry.store(runtime, submission.value, ip);
    return data<EnquiryActionResult>({ outcome });
  } catch (error) {
    runtime.logger.error({ err: error }, enquiry.failureLog);
    return data<EnquiryActionResult>({ outcome: enquiry.failed }, { status: 500 });
  }
}
