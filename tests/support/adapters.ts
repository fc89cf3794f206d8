import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { createWebhookSender } from "~/services/webhooks/webhook-sender.server.ts";

/** The public address the domain tests write into their links. */
const testPublicUrl = "http://localhost:3000";

/** Stands for an adapter a test did not give its scope: the call says which one it needed. */
function notGiven(adapter: string) {
  return async (): Promise<never> => {
    throw new Error(`this test's scope has no ${adapter}: pass one to testAdapters()`);
  };
}

/**
 * The adapters of a test's scope (docs/architecture.md §3b): the ones the test passes (a recording
 * or file-outbox mailer, a job queue), the demo payment provider the test servers run with, the
 * webhook sender as a product on plain http has it, and the system clock. A mailer or queue the test did not pass refuses, so a test never sends mail
 * or queues a job it does not look at.
 */
export function testAdapters(given: Partial<Adapters> = {}): Adapters {
  return {
    mailer: { send: notGiven("mailer") },
    jobs: { send: notGiven("job queue") },
    payments: createDemoProvider(),
    fileScanner: { name: "not given", scan: notGiven("file scanner") },
    // As the runtime makes it for a product on plain http: a receiver on this machine is allowed.
    webhooks: createWebhookSender({ localReceivers: true }),
    publicUrl: testPublicUrl,
    clock: () => new Date(),
    ...given,
  };
}

/** The same scope acting through other adapters: a test's own mailer or queue, for one call. */
export function withAdapters<S extends Scope>(scope: S, given: Partial<Adapters>): S {
  return { ...scope, adapters: { ...scope.adapters, ...given } };
}
