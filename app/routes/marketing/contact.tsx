import { MailIcon } from "lucide-react";
import { EmailField, TextAreaField, TextField } from "~/components/forms/text-field.tsx";
import { EnquiryForm, useEnquiryForm } from "~/components/marketing/enquiry-form.tsx";
import type { EnquiryOutcome } from "~/components/marketing/enquiry-outcome.tsx";
import { PageHero } from "~/components/marketing/section.tsx";
import { runtimeContext } from "~/context.ts";
import { contactFormSchema } from "~/domain/enquiries/enquiry-forms.ts";
import { submitContactMessage } from "~/domain/enquiries/submit-contact-message.server.ts";
import { pageMeta } from "~/lib/page-meta.ts";
import { PRERENDER_INBOX_PLACEHOLDER } from "~/lib/prerender.ts";
import type { Route } from "./+types/contact";
import { answerEnquiry } from "./enquiry-action.server.ts";

export const meta = () =>
  pageMeta({
    title: "Contact Us | ReferOH",
    description:
      "Questions about occupational health for your business? Send the ReferOH team a message and we will reply within 24–48 hours.",
    path: "/contact",
  });

/**
 * The inbox address is deployment configuration. The page is pre-rendered at build time, when
 * there is no runtime: it then carries a placeholder, which the server replaces with
 * SERVICE_INBOX when it loads the page (server/prerendered.ts, ADR 0007). A form posted here
 * renders the page per request, with the address itself.
 */
export function loader({ context }: Route.LoaderArgs) {
  try {
    return { email: context.get(runtimeContext).config.SERVICE_INBOX };
  } catch {
    return { email: PRERENDER_INBOX_PLACEHOLDER };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const email = context.get(runtimeContext).config.SERVICE_INBOX;
  const failed = (description: string): EnquiryOutcome => ({
    status: "failure",
    title: "Failed to send message",
    description,
  });
  return answerEnquiry(context, request, contactFormSchema, {
    store: async (runtime, value, ip) => {
      const { emailSent } = await submitContactMessage(runtime, value, { ip });
      return emailSent
        ? {
            status: "success",
            title: "Message sent successfully",
            description: "We'll get back to you within 24-48 hours.",
          }
        : {
            status: "success",
            title: "Message saved successfully",
            description: "Your message has been received. We'll get back to you shortly.",
          };
    },
    tooMany: failed(
      `You have sent several messages in the last few minutes. Please try again later or contact us directly via ${email}`,
    ),
    failed: failed(`Please try again or contact us directly via ${email}`),
    failureLog: "contact message could not be stored",
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, formProps } = useEnquiryForm({
    id: "contact-form",
    loadValidator: () =>
      import("~/components/marketing/enquiry-validators.ts").then((m) => m.validateContact),
    action: "/contact",
    actionData,
    controlIds: {
      name: "contact-name",
      email: "contact-email",
      company: "contact-company",
      message: "contact-message",
    },
  });

  return (
    <>
      <PageHero eyebrow="Contact" title="Get in touch">
        <p>
          Whether you are weighing up occupational health for the first time or have a question
          about a referral, we are happy to help.
        </p>
      </PageHero>
      <section id="contact" className="scroll-mt-20">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 sm:px-6 md:grid-cols-[1fr_1.4fr]">
          <div className="space-y-6">
            <div>
              <h2 className="font-bold text-2xl">E-mail us</h2>
              <p className="mt-2 text-muted-foreground">
                Write to us directly and one of the team will reply within 24–48 hours.
              </p>
              <a
                href={`mailto:${loaderData.email}`}
                className="mt-3 inline-flex items-center gap-2 font-medium text-primary underline underline-offset-4"
              >
                <MailIcon aria-hidden="true" className="size-5" />
                {loaderData.email}
              </a>
            </div>
            <div>
              <h2 className="font-bold text-2xl">Please do not send health details</h2>
              <p className="mt-2 text-muted-foreground">
                This form is for general enquiries. If you are an employee with a question about
                your own assessment, use the link in your invitation e-mail so your information
                stays in your confidential case record.
              </p>
            </div>
          </div>

          <div className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
            <h2 className="font-bold text-2xl">Get in Touch</h2>
            <EnquiryForm {...formProps} submitLabel="Send message" sendingLabel="Sending...">
              <TextField id="contact-name" label="Name" field={fields.name} autoComplete="name" />
              <EmailField id="contact-email" label="Email" field={fields.email} />
              <TextField
                id="contact-company"
                label="Company"
                optional
                field={fields.company}
                autoComplete="organization"
              />
              <TextAreaField id="contact-message" label="Message" field={fields.message} rows={6} />
              <p className="text-muted-foreground text-sm">
                We use your details only to answer your message. See our{" "}
                <a href="/privacy-policy" className="text-primary underline underline-offset-4">
                  Privacy Policy
                </a>
                .
              </p>
            </EnquiryForm>
          </div>
        </div>
      </section>
    </>
  );
}
