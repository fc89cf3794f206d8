import { data, type RouterContextProvider } from "react-router";
import type { RegistrationResult } from "~/components/account/registration-form.tsx";
import { runtimeContext } from "~/context.ts";
import { registerEmployer } from "~/domain/accounts/register-employer.server.ts";
import { parseForm, registerSchema, registrationTextFields } from "~/domain/accounts/schemas.ts";
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
  // What the person typed comes back with the errors, passwords excepted.
  const values = Object.fromEntries(
    registrationTextFields.map((name) => [name, String(form.get(name) ?? "")]),
  );
  const parsed = parseForm(registerSchema, form);
  if (parsed.errors)
    return data<RegistrationResult>(
      { intent: "register", errors: parsed.errors, values },
      { status: 400 },
    );
  const result = await registerEmployer(runtime, {
    ...parsed.data,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password")
    return data<RegistrationResult>(
      { intent: "register", errors: { password: result.message }, values },
      { status: 400 },
    );
  if (result.status === "throttled")
    return data<RegistrationResult>(
      { intent: "register", formError: throttledMessage, values },
      { status: 429 },
    );
  const secure = new URL(runtime.config.PUBLIC_URL).protocol === "https:";
  return redirectWithCookies(withNotice("/registration-confirmation", "signed-up"), [
    registeredEmailSetCookie(result.email, secure),
  ]);
}
