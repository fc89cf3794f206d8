import type { Adapters } from "~/domain/kernel/adapters.ts";
import type { DestinationRefusal } from "~/services/webhooks/webhook-sender.server.ts";

/** What the endpoint form says when an address is refused (docs/api.md, "Where events may go"). */
const refusalMessages: Record<DestinationRefusal, (publicUrl: string) => string> = {
  scheme: (publicUrl) =>
    new URL(publicUrl).protocol === "http:"
      ? "Enter an address starting https:// or http://"
      : "Enter an address starting https://",
  credentials: () =>
    "Take the user name and password out of the address: events are signed instead",
  unresolved: () =>
    "We could not find this address's server. Check the host name, or try again when its DNS is set up",
  not_public: () =>
    "Enter an address on the public internet: events cannot go to a private network, this server or a cloud metadata address",
};

/**
 * Whether events may be sent to `url`: https only (http too where the product itself runs on
 * plain http, a developer's machine or the tests), and a host whose every address is public. The
 * sender checks the addresses again on every delivery, so a later change to the host's DNS cannot
 * turn an accepted endpoint towards a private address. Null when it may, else the form's message.
 */
export async function webhookUrlRefusal(
  adapters: Pick<Adapters, "webhooks" | "publicUrl">,
  url: string,
): Promise<string | null> {
  const verdict = await adapters.webhooks.checkDestination(url);
  return verdict.ok ? null : refusalMessages[verdict.refusal](adapters.publicUrl);
}
