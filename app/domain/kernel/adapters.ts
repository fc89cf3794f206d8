import type { FileScanner } from "~/services/files/file-scanner.ts";
import type { JobQueue } from "~/services/jobs/queue.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import type { PaymentProvider } from "~/services/payments/provider.ts";
import type { WebhookSender } from "~/services/webhooks/webhook-sender.server.ts";

/**
 * The outside world a domain function may act on, as the scope carries it (docs/architecture.md
 * §3b): created once per process by the runtime and handed to every scope, so a use case reads
 * `scope.adapters.mailer` instead of taking a dependency argument of its own. The kernel names the
 * services' types only (type imports, erased at build), and each member is the narrowest part of
 * the service the domain calls: a use case can send mail and queue jobs, never stop the worker.
 */
export interface Adapters {
  /** Delivers a message now; the outbox (`mail-outbox.server.ts`) decides when to call it. */
  readonly mailer: Pick<Mailer, "send">;
  /** Queues background work, in the caller's transaction when it passes one. */
  readonly jobs: Pick<JobQueue, "send">;
  /** Takes card payments and refunds them (demo or Stripe). */
  readonly payments: PaymentProvider;
  /**
   * Looks inside a case document before it is kept (active content always, ClamAV when
   * configured); `name` says which scanners, kept on the document for the audit.
   */
  readonly fileScanner: FileScanner & { readonly name: string };
  /**
   * Checks where an organisation's webhooks may go and sends them there (docs/api.md, "Where
   * events may go"): the only way domain code reaches another server over HTTP.
   */
  readonly webhooks: WebhookSender;
  /**
   * The address people reach the product at, for the links in its e-mails and the payment
   * provider's return pages. It is configuration rather than a service, but it travels with the
   * adapters because it is the same kind of fact: fixed per process, about the world outside, and
   * read only where a message or a redirect leaves for it. The rest of the configuration (a
   * product rule such as how many working days a review lasts) stays an argument of the use case
   * that applies it, so a domain rule never reaches into the environment.
   */
  readonly publicUrl: string;
  /**
   * The time as it passes. A scope reads it once, as its `now`, and a use case works in that one
   * instant (every row a transition writes carries the same time, and a test can fix it); the
   * clock is for the code that makes a scope, not for the use case inside it.
   */
  readonly clock: () => Date;
}
