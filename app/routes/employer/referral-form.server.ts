import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { services } from "~/domain/billing/catalogue.ts";
import { membershipStanding } from "~/domain/billing/membership.server.ts";
import { describeReferralCost, referralCost } from "~/domain/billing/referral-cost.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { optionalPhoneField } from "~/lib/phone.ts";
import { organisationStanding } from "~/middleware/employer.server.ts";

/**
 * What both referral forms show before submitting: the credits, and what will be spent and where
 * it comes from.
 */
export async function referralFormCost(
  context: Readonly<RouterContextProvider>,
  type: "management" | "pre_employment",
) {
  const standing = await organisationStanding(context);
  const credits = standing.credits;
  return {
    credits,
    costText: describeReferralCost(
      referralCost(type, { credits, standing: membershipStanding(standing.membership) }),
    ),
    creditCost: services[type].creditCost,
  };
}

type ReferralFormResult = { result: SubmissionResult<string[]> };

/**
 * Reads a referral form against its schema with the person's mobile number added, which is
 * checked on the server only (`optionalPhoneField`), so the page ships no phone-number metadata.
 * Either the parsed input and the number in E.164, or the 400 answer that shows the form again
 * with every error and as it was sent.
 */
export function parseReferralForm<S extends z.ZodObject>(
  formData: FormData,
  schema: S,
  phoneField: string,
):
  | { ok: true; input: z.output<S>; subjectPhone: string | null }
  | { ok: false; response: ReturnType<typeof data<ReferralFormResult>> } {
  const submission = parseSubmission(formData, schema.extend({ [phoneField]: optionalPhoneField }));
  if (submission.status !== "success")
    return {
      ok: false,
      response: data<ReferralFormResult>({ result: submission.reply() }, { status: 400 }),
    };
  const { [phoneField]: subjectPhone, ...input } = submission.value as Record<string, unknown>;
  return {
    ok: true,
    input: input as z.output<S>,
    subjectPhone: (subjectPhone as string | null) ?? null,
  };
}
