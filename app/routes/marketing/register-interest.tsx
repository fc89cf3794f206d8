import { Link, useNavigate } from "react-router";
import { EmailField, TextField } from "~/components/forms/text-field.tsx";
import { EnquiryForm, useEnquiryForm } from "~/components/marketing/enquiry-form.tsx";
import {
  type EnquiryOutcome,
  EnquiryOutcomeMessage,
} from "~/components/marketing/enquiry-outcome.tsx";
import { PageHero } from "~/components/marketing/section.tsx";
import { Button } from "~/components/ui/button";
import { interestFormSchema } from "~/domain/enquiries/enquiry-forms.ts";
import { registerInterest } from "~/domain/enquiries/register-interest.server.ts";
import { pageMeta } from "~/lib/page-meta.ts";
import type { Route } from "./+types/register-interest";
import { answerEnquiry } from "./enquiry-action.server.ts";

export const meta = () =>
  pageMeta({
    title: "Register Your Interest | ReferOH",
    description:
      "Register your interest in ReferOH's online occupational health service and we will be in touch about getting your business set up.",
    path: "/register-interest",
  });

const failure: EnquiryOutcome = {
  status: "failure",
  title: "Something went wrong",
  description: "There was a problem submitting your information. Please try again.",
};

export async function action({ request, context }: Route.ActionArgs) {
  return answerEnquiry(context, request, interestFormSchema, {
    store: async (runtime, value, ip) => {
      // Stored either way; if the e-mail to our inbox fails now, a job sends it later.
      await registerInterest(runtime, value, { ip });
      return {
        status: "success",
        title: "Interest registered!",
        description: "Thank you for your interest. We'll be in touch soon.",
      };
    },
    tooMany: failure,
    failed: failure,
    failureLog: "interest registration could not be stored",
  });
}

export default function RegisterInterest({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { fields, formProps } = useEnquiryForm({
    id: "interest",
    loadValidator: () =>
      import("~/components/marketing/enquiry-validators.ts").then((m) => m.validateInterest),
    action: "/register-interest",
    actionData,
    controlIds: {
      fullName: "interest-fullName",
      email: "interest-email",
      companyName: "interest-companyName",
      role: "interest-role",
    },
    onSent: () => navigate("/"),
    leavesPage: true,
  });
  const done = actionData?.outcome?.status === "success";

  return (
    <>
      <PageHero eyebrow="Register your interest" title="Find out how ReferOH could work for you">
        <p>
          Leave your details and we will be in touch to talk through your needs, answer questions
          and help you set up your account.
        </p>
      </PageHero>
      <section className="mx-auto max-w-2xl px-4 pb-16 sm:px-6">
        <div className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
          <h2 className="font-bold text-2xl">Your details</h2>
          {done ? (
            // Seen without JavaScript; with it, the page has already moved on to the home page.
            <div className="mt-6 space-y-6">
              <EnquiryOutcomeMessage outcome={actionData!.outcome!} />
              <Button asChild>
                <Link to="/">Return to the home page</Link>
              </Button>
            </div>
          ) : (
            <EnquiryForm
              {...formProps}
              submitLabel="Register Interest"
              sendingLabel="Submitting..."
            >
              <TextField
                id="interest-fullName"
                label="Full Name"
                field={fields.fullName}
                autoComplete="name"
              />
              <EmailField id="interest-email" label="Email Address" field={fields.email} />
              <TextField
                id="interest-companyName"
                label="Company Name"
                field={fields.companyName}
                autoComplete="organization"
              />
              <TextField
                id="interest-role"
                label="Your Role"
                hint="For example: owner, HR manager, operations director"
                field={fields.role}
                autoComplete="organization-title"
              />
              <p className="text-muted-foreground text-sm">
                By registering you agree to our{" "}
                <Link to="/terms-of-service" className="text-primary underline underline-offset-4">
                  Terms of Service
                </Link>{" "}
                and confirm you have read our{" "}
                <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
                  Privacy Policy
                </Link>
                .
              </p>
            </EnquiryForm>
          )}
        </div>
      </section>
    </>
  );
}
