import type { ComponentProps } from "react";
import { Input } from "./input";

/**
 * Room for a six-digit code as authenticator apps show and copy it ("123 456", sometimes with a
 * space or line break around it). A `maxLength` of 6 cut a pasted "123 456" to "123 45" before
 * anything could read it; the server strips the spaces (`oneTimeCode`, app/domain/accounts/
 * one-time-code.ts), so the field only needs to hold them.
 */
const CODE_WITH_SPACES = 12;

/** The field for an authenticator code: numeric keyboard, the phone's code autofill, spaces kept. */
export function OneTimeCodeInput(props: ComponentProps<typeof Input>) {
  return (
    <Input
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={CODE_WITH_SPACES}
      {...props}
    />
  );
}
