import { data, type RouterContextProvider } from "react-router";
import type { RegistrationResult } from "~/components/account/registration-form.tsx";
import { runtimeContext } from "~/context.ts";
import { registerEmployer } from "~/domain/accounts/register-employer.server.ts";
import { passwordFields, registerSchema } from "~/domain/accounts/schemas.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import {
  redirectWithCookies,
  registeredEmailSetCookie,
  withNotice,
} from "~/middleware/responses.server.ts";
import { requestMeta } from "~/middleware/session.server.ts";

const throttledMessage =
  "Too many registrations from your network. Please wait a while and try again.";

/**
 * The one registration action, behind /register and /login's register mode alike: every problem
 * with the form at once, the password strength check, then the confirmation page, whose
 * "Sign up successful" toast arrives with it as a notice (with or without JavaScript).
 */
export async function registrationAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: FormData,
) {
  const runtime = context.get(runtimeContext);
  const submission = parseSubmission(form, registerSchema);
  // What the person typed comes back with the errors, passwords excepted.
  const answer = (options: { fieldErrors?: Record<string, string[]>; formError?: string }) =>
    data<RegistrationResult>(
      {
        intent: "register",
        formError: options.formError,
        result: submission.reply({ hideFields: passwordFields, fieldErrors: options.fieldErrors }),
      },
      { status: options.formError ? 429 : 400 },
    );
  if (submission.status !== "success") return answer({});
  const result = await registerEmployer(runtime, {
    ...submission.value,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password")
    return answer({ fieldErrors: { password: [result.message] } });
  if (result.status === "throttled") return answer({ formError: throttledMessage });
  const secure = new URL(runtime.config.PUBLIC_URL).protocol === "https:";
  return redirectWithCookies(withNotice("/registration-confirmation", "signed-up"), [
    registeredEmailSetCookie(result.email, secure),
  ]);
}
