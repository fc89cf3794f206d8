import { ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { OneTimeCodeInput } from "~/components/ui/one-time-code-input.tsx";

/**
 * The report form's last section: the signature block as it will print, what signing does, and
 * the authenticator code beside the buttons (saving a draft needs no code; signing does).
 */
export function SigningSection({
  signature,
  subjectName,
  reviewWorkingDays,
  stepUpFresh,
  stepUpMinutes,
  error,
  busy,
}: {
  signature: { name: string; gmcNumber: string; qualifications: string | null };
  subjectName: string;
  reviewWorkingDays: number;
  stepUpFresh: boolean;
  stepUpMinutes: number;
  error: string | undefined;
  busy: string | null;
}) {
  return (
    <section className="rounded-xl border bg-card p-5">
      <h2 className="font-semibold text-lg">Consulting doctor</h2>
      <p className="mt-1">
        {signature.name}
        {signature.qualifications ? `, ${signature.qualifications}` : ""} · GMC number{" "}
        {signature.gmcNumber}
      </p>
      {signature.qualifications ? null : (
        <p className="mt-1 text-muted-foreground text-sm">
          No qualifications recorded: add them on{" "}
          <Link to="/account" className="underline">
            your account page
          </Link>{" "}
          to print them in the signature block.
        </p>
      )}
      <p className="mt-2 flex items-center gap-2 text-muted-foreground text-sm">
        <ShieldCheckIcon aria-hidden="true" className="size-4" />
        Signing sends the report to {subjectName}, who has {reviewWorkingDays} working days to
        review it before anything reaches the employer.
      </p>
      <FormField
        id="stepUpCode"
        label="Authenticator code to sign"
        hint={
          stepUpFresh
            ? `You entered a code in the last ${stepUpMinutes} minutes; you can sign without another.`
            : `Signing needs a code from your authenticator app entered within the last ${stepUpMinutes} minutes. Saving a draft does not.`
        }
        error={error}
        optional={stepUpFresh}
        className="mt-4"
      >
        {(control) => (
          // The code and the buttons share a row: one step, and a shorter page.
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <OneTimeCodeInput {...control} className="max-w-40" name="stepUpCode" />
            <Button type="submit" name="intent" value="save" variant="outline" disabled={!!busy}>
              {busy === "save" ? "Saving..." : "Save draft"}
            </Button>
            <Button type="submit" name="intent" value="send" disabled={!!busy}>
              {busy === "send" ? "Signing and sending..." : "Sign and send to the employee"}
            </Button>
          </div>
        )}
      </FormField>
    </section>
  );
}
