import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

/**
 * The e-mail address that names an account: typed to sign in (autocomplete "username", so a
 * password manager pairs it with the password) or to find the account for a reset ("email").
 */
export function AccountEmailField({
  defaultValue,
  error,
  autoComplete = "username",
}: {
  defaultValue: string | undefined;
  error?: string[];
  autoComplete?: "username" | "email";
}) {
  return (
    <FormField id="email" label="Email" error={error}>
      <Input
        name="email"
        type="email"
        autoComplete={autoComplete}
        required
        defaultValue={defaultValue}
      />
    </FormField>
  );
}
