import { PhoneIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/cn";

/** What the panel says about the assessment itself, by where the person is in it. */
const WHERE_YOU_ARE = {
  answering: "Your assessment is saved, and you can carry on when you are ready.",
  sent: "Your answers have been sent to the doctor, so there is nothing more for you to fill in.",
  stopped: "You do not need to do anything more with the assessment.",
} as const;

/**
 * The page on which this document first showed the panel. Set only in an effect, so it is null on
 * the server and while hydrating (both render the full panel); a later page of the same visit
 * shows the short form. A reload or a new visit starts again with the full panel.
 */
let firstShownOn: string | null = null;

/**
 * Crisis support, shown as soon as an answer raises a safety flag and on every page after it.
 * Numbers are links, so a phone can call them with one tap. `stage` keeps its words true to the
 * page: after the answers are sent there is nothing to "carry on" with.
 *
 * The panel is seen and heard wherever it is (docs/architecture.md, "The crisis panel"): each page
 * that shows it moves focus to its heading, which reads out the panel's first words with it, and
 * scrolls it to the top of the screen. The questionnaire pages place it directly above the
 * question, and from the second page on it is short (the heading and the three numbers), so the
 * panel and the question are on a phone's screen together and the numbers stay one tap away.
 */
export function CrisisSupport({ stage = "answering" }: { stage?: keyof typeof WHERE_YOU_ARE }) {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const compact = stage === "answering" && firstShownOn !== null && firstShownOn !== pathname;

  useEffect(() => {
    firstShownOn ??= pathname;
    const target = heading.current;
    if (!target) return;
    // An error summary shown with the page keeps focus: the person has something to fix first.
    if (document.activeElement?.closest("[data-slot='error-summary']")) return;
    target.focus({ preventScroll: true });
    // After the router's scroll to the top of the new page, and at once (no smooth scroll): when
    // the panel is not wholly on the screen, or the question after it is below the fold, the
    // panel's top goes to the top of the screen with the question below it. Where the page's
    // heading comes first ("Your answers have been sent"), the page scrolls only as far as the
    // panel's end, so as much of that heading as fits stays in view above it.
    requestAnimationFrame(() => {
      const section = target.closest("section") ?? target;
      const box = section.getBoundingClientRect();
      const pageHeading = document.querySelector("#main h1");
      const headingAfter =
        pageHeading !== null &&
        Boolean(section.compareDocumentPosition(pageHeading) & Node.DOCUMENT_POSITION_FOLLOWING);
      const questionBelowFold =
        headingAfter && pageHeading.getBoundingClientRect().top > window.innerHeight - 48;
      if (box.top < 0 || box.bottom > window.innerHeight || questionBelowFold)
        section.scrollIntoView({
          block: headingAfter || pageHeading === null ? "start" : "nearest",
          behavior: "instant",
        });
    });
  }, [pathname]);

  const headingProps = {
    ref: heading,
    id: "crisis-support-heading",
    tabIndex: -1,
    // The panel's own thick border marks it; a ring round a heading that cannot be operated adds
    // nothing.
    className: "font-bold leading-tight focus:outline-none",
  } as const;

  if (compact)
    return (
      <section
        aria-labelledby="crisis-support-heading"
        data-testid="crisis-support"
        data-form="short"
        className="scroll-mt-4 rounded-lg border-4 border-foreground bg-background px-4 py-3 sm:px-5"
      >
        <h2 {...headingProps} className={cn(headingProps.className, "text-lg")}>
          If you need support now
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-6">
          <li>
            Samaritans <PhoneLink number="116123">116 123</PhoneLink>
          </li>
          <li>
            NHS <PhoneLink number="111">111</PhoneLink>
          </li>
          <li>
            Emergency{" "}
            <PhoneLink number="999" urgent>
              999
            </PhoneLink>{" "}
            or A&amp;E
          </li>
        </ul>
      </section>
    );

  return (
    <section
      aria-labelledby="crisis-support-heading"
      data-testid="crisis-support"
      data-form="full"
      className="scroll-mt-4 rounded-lg border-4 border-foreground bg-background p-5 sm:p-6"
    >
      <h2
        {...headingProps}
        // Read out with the heading when it takes focus: why the panel is here and what to do.
        aria-describedby="crisis-support-why"
        className={cn(headingProps.className, "text-xl")}
      >
        If you need support now
      </h2>
      <p id="crisis-support-why" className="mt-2 max-w-prose">
        Thank you for telling us. You do not have to wait for the doctor: you can talk to someone
        now. {WHERE_YOU_ARE[stage]}
      </p>
      <ul className="mt-4 grid gap-3">
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <strong>Samaritans</strong>: call <PhoneLink number="116123">116 123</PhoneLink>, free,
            24 hours a day, every day.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <strong>NHS 111</strong>: call <PhoneLink number="111">111</PhoneLink> for urgent help
            with your mental health, or speak to your GP.
          </span>
        </li>
        <li className="flex items-start gap-3">
          <PhoneIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-destructive" />
          <span>
            <strong>In an emergency</strong>, or if you might act on thoughts of harming yourself,
            call{" "}
            <PhoneLink number="999" urgent>
              999
            </PhoneLink>{" "}
            or go to A&amp;E.
          </span>
        </li>
      </ul>
    </section>
  );
}

function PhoneLink({
  number,
  urgent = false,
  children,
}: {
  number: string;
  urgent?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={`tel:${number}`}
      className={cn(
        "font-semibold underline underline-offset-4",
        urgent ? "text-destructive" : "text-primary",
      )}
    >
      {children}
    </a>
  );
}
