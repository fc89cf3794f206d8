import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { z } from "zod";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  earlierPersonUnderAnotherName,
  personKey,
  recordSamePersonConfirmed,
} from "~/domain/referrals/person-history.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";

/**
 * The same-person question's answer (docs/architecture.md §4, "The person's history"): the
 * address the question was asked about, and whether the box saying it is the same person was
 * ticked. An answer counts only for the address it was given for.
 */
const samePersonAnswerSchema = z.object({
  samePersonEmail: z.string().optional(),
  samePersonConfirmed: z.literal("on").optional(),
});

interface SamePersonQuestion {
  name: string;
  reference: string;
  email: string;
}

/**
 * Before a referral form saves: when an earlier referral the member may see uses the typed
 * address under another name, and the form does not yet say it is the same person, the form
 * again with everything as it was sent, asking. Null when there is nothing to ask.
 */
export async function askIfSamePerson(
  scope: Scope,
  formData: FormData,
  typed: { email: string; name: string; referralId?: string },
) {
  const earlier = await earlierPersonUnderAnotherName(scope, typed);
  if (!earlier) return null;
  const sent = parseSubmission(formData, samePersonAnswerSchema);
  const email = personKey(typed.email);
  if (
    sent.status === "success" &&
    sent.value.samePersonConfirmed === "on" &&
    personKey(sent.value.samePersonEmail ?? "") === email
  ) {
    await recordSamePersonConfirmed(scope, earlier);
    return null;
  }
  const question: SamePersonQuestion = { ...earlier, email };
  return data<{ result: SubmissionResult<string[]>; samePerson: SamePersonQuestion }>(
    {
      // An error reply keeps every field as it was typed, with JavaScript or without.
      result: sent.reply({
        formErrors: [`Is this the same person as ${earlier.name} on ${earlier.reference}?`],
      }),
      samePerson: question,
    },
    { status: 409 },
  );
}
