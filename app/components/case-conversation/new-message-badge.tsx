import { MessageSquareIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";

/**
 * A list row's sign that its case holds a message the reader's side has not opened yet
 * (docs/architecture.md §4, "The case conversation"): words, not a colour or a dot, and a link
 * to the case's own page, where the conversation is and where opening it marks it read (the
 * row's drawer or sheet shows no conversation). The link names the case for a screen reader's
 * list of links. It is a tap target of at least 24 px (WCAG 2.5.8), taller than a plain badge.
 */
export function NewMessageBadge({ to, reference }: { to: string; reference: string }) {
  return (
    <Badge asChild variant="default" data-testid="new-message-badge">
      <Link to={to} className="py-1 no-underline hover:bg-primary/90">
        <MessageSquareIcon aria-hidden="true" />
        New message<span className="sr-only"> on {reference}</span>
      </Link>
    </Badge>
  );
}
