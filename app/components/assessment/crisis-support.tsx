import { PhoneIcon } from "lucide-react";

/** What the panel says about the assessment itself, by where the person is in it. */
const WHERE_YOU_ARE = {
  answering: "Your assessment is saved, and you can carry on when you are ready.",
  sent: "Your answers have been sent to the doctor, so there is nothing more for you to fill in.",
  stopped: "You do not need to do anything more with the assessment.",
} as const;

/**
 * Crisis support, shown as soon as an answer raises a safety flag and on every page after it.
 * Numbers are links, so a phone can call them with one tap. `stage` keeps its words true to the
 * page: after the answers are sent there is nothing to "carry on" with.
 */
export function CrisisSupport({ stage = "answering" }: { stage?: keyof typeof WHERE_YOU_ARE }) {
  return (
    <section
      aria-labelledby="crisis-support-heading"
      data-testid="crisis-support"
      className="rounded-lg border-4 border-foreground bg-background p-5 sm:p-6"
    >
      <h2 id="crisis-support-heading" className="font-bold text-xl leading-tight">
        If you need support now
      </h2>
      <p className="mt-2 max-w-prose">
        Thank you for telling us. You do not have to wait for the doctor: you can talk to someone
        now. {WHERE_YOU_ARE[stage]}
      </p>
      <ul className="mt-4 grid gap-3">
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <strong>Samaritans</strong>: call{" "}
            <a
              className="font-semibold text-primary underline underline-offset-4"
              href="tel:116123"
            >
              116 123
            </a>
            , free, 24 hours a day, every day.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <strong>NHS 111</strong>: call{" "}
            <a className="font-semibold text-primary underline underline-offset-4" href="tel:111">
              111
            </a>{" "}
            for urgent help with your mental health, or speak to your GP.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-destructive" />
          <span>
            <strong>In an emergency</strong>, or if you might act on thoughts of harming yourself,
            call{" "}
            <a
              className="font-semibold text-destructive underline underline-offset-4"
              href="tel:999"
            >
              999
            </a>{" "}
            or go to A&amp;E.
          </span>
        </li>
      </ul>
    </section>
  );
}
