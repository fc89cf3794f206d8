import { PasswordInput } from "~/components/account/password-input.tsx";
import { FormField } from "~/components/ui/form-field";

/**
 * Choosing a password: the password, then the same again as `confirmPassword`. Both are marked
 * new-password so a password manager offers to generate and save one. `name` is the first
 * control's (newPassword where the current password is asked for too).
 */
export function NewPasswordFields({
  name = "password",
  label,
  hint,
  errorOf,
  className,
}: {
  name?: string;
  label: "Password" | "New password";
  hint: string;
  errorOf: (name: string) => string[] | undefined;
  className?: string;
}) {
  return (
    <>
      <FormField id={name} label={label} hint={hint} error={errorOf(name)} className={className}>
        {(control) => <PasswordInput {...control} name={name} autoComplete="new-password" />}
      </FormField>
      <FormField
        id="confirmPassword"
        label={`Confirm ${label.toLowerCase()}`}
        error={errorOf("confirmPassword")}
        className={className}
      >
        {(control) => (
          <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />
        )}
      </FormField>
    </>
  );
}

/** The password the person has now, asked for before a change that needs it. */
export function CurrentPasswordField({
  id = "password",
  name = "password",
  label,
  hint,
  required,
  error,
}: {
  id?: string;
  name?: string;
  label: string;
  hint?: string;
  required?: boolean;
  error?: string[];
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <PasswordInput
          {...control}
          name={name}
          required={required}
          autoComplete="current-password"
        />
      )}
    </FormField>
  );
}
