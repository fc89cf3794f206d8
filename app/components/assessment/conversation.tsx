import { useEffect, useRef } from "react";
import type { ConversationLine } from "~/domain/assessments/assessment-steps";
import { cn } from "~/lib/cn";

/**
 * The guided assessment so far, as a chat: our prompts on the left, the person's answers on the
 * right. A scrollable region (keyboard-focusable, named) that opens scrolled to the latest line.
 */
export function Conversation({ lines }: { lines: readonly ConversationLine[] }) {
  const ref = useRef<HTMLElement>(null);
  // Scroll to the newest line whenever the conversation changes (a new question on the same route).
  const latest = lines.length;
  useEffect(() => {
    if (latest === 0) return;
    const node = ref.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [latest]);
  if (lines.length === 0) return null;
  return (
    <div className="grid gap-2">
      <h2 id="conversation-heading" className="font-medium text-muted-foreground text-sm">
        Your answers so far
      </h2>
      <section
        ref={ref}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-labelledby="conversation-heading"
        data-testid="conversation"
        // `relative` makes the region the containing block of the lines' sr-only speaker labels
        // (position: absolute). Without it they are placed against the page, at their place in
        // the unscrolled transcript, and stretch the document far below the footer.
        className="relative grid max-h-[400px] gap-3 overflow-y-auto rounded-lg border border-border bg-surface p-3 sm:p-4"
      >
        {lines.map((line, index) => (
          <p
            // Lines repeat linkIds (question and answer); position is their identity.
            key={index}
            className={cn(
              "max-w-[85%] whitespace-pre-line rounded-2xl px-4 py-2.5 text-sm leading-relaxed",
              line.type === "user"
                ? "justify-self-end rounded-br-sm bg-primary text-primary-foreground"
                : "justify-self-start rounded-bl-sm bg-background text-foreground shadow-xs",
            )}
          >
            <span className="sr-only">{line.type === "user" ? "You: " : "ReferOH: "}</span>
            {line.content}
          </p>
        ))}
      </section>
    </div>
  );
}
