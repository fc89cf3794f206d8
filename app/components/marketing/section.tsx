import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** A call to action: where it leads, what it says and, where it is not the usual, how it looks. */
type ActionLink = {
  to: string;
  label: ReactNode;
  variant?: ComponentProps<typeof Button>["variant"];
};

/**
 * A row of calls to action. The first is the page's main next step (filled) and the others are
 * alternatives (outlined), unless a link names its own variant.
 */
export function ActionLinks({
  links,
  size,
  className,
}: {
  links: readonly ActionLink[];
  size?: "lg";
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      {links.map((link, index) => (
        <Button
          key={link.to}
          asChild
          size={size}
          variant={link.variant ?? (index === 0 ? "default" : "outline")}
        >
          <Link to={link.to}>{link.label}</Link>
        </Button>
      ))}
    </div>
  );
}

/**
 * The top of a public page: one h1, a short introduction and up to two actions, the first the
 * page's main next step and the second an outlined alternative.
 */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
  badges,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  actions?: readonly ActionLink[];
  badges?: readonly string[];
}) {
  return (
    <section className="bg-gradient-to-b from-accent to-background">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        {eyebrow ? (
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 max-w-3xl text-balance font-bold text-4xl tracking-tight md:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-5 max-w-2xl space-y-3 text-lg text-muted-foreground">{children}</div>
        ) : null}
        {badges ? (
          <ul className="mt-6 flex flex-wrap gap-2">
            {badges.map((badge) => (
              <li
                key={badge}
                className="rounded-full border border-primary/30 bg-background px-3 py-1 font-medium text-accent-foreground text-sm"
              >
                {badge}
              </li>
            ))}
          </ul>
        ) : null}
        {actions ? <ActionLinks links={actions} size="lg" className="mt-8" /> : null}
      </div>
    </section>
  );
}

/** A titled band of a page. `tone="muted"` alternates the background. */
export function Section({
  id,
  title,
  intro,
  children,
  tone = "plain",
  className,
  headingLevel = 2,
}: {
  id?: string;
  title?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "muted";
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn(tone === "muted" && "bg-surface", className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-16">
        {title ? (
          <Heading id={headingId} className="text-balance font-bold text-3xl tracking-tight">
            {title}
          </Heading>
        ) : null}
        {intro ? <div className="mt-3 max-w-3xl text-lg text-muted-foreground">{intro}</div> : null}
        <div className={cn(title || intro ? "mt-8" : undefined)}>{children}</div>
      </div>
    </section>
  );
}

/** A plain card for feature grids: icon, title, text. */
export function FeatureCard({
  icon,
  title,
  children,
  headingLevel = 3,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children: ReactNode;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-6 shadow-xs">
      {icon ? (
        <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-primary [&_svg]:size-5">
          {icon}
        </span>
      ) : null}
      <Heading className="font-semibold text-lg leading-tight">{title}</Heading>
      <div className="text-muted-foreground">{children}</div>
    </div>
  );
}

/** Numbered steps of a process. */
export function StepList({ steps }: { steps: readonly { title: string; text: ReactNode }[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4 [&:has(>li:nth-child(3):last-child)]:lg:grid-cols-3">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-xs">
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="font-semibold text-lg leading-tight">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <div className="mt-2 text-muted-foreground">{step.text}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A list with check marks, for benefits and inclusions. */
export function CheckList({
  items,
  className,
}: {
  items: readonly ReactNode[];
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-2", className)}>
      {items.map((item, index) => (
        <li key={index} className="flex gap-2">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mt-1 size-4 shrink-0 fill-none stroke-[2.5] stroke-primary"
          >
            <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
