import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressReach, reachOfAddress } from "./public-address.ts";

/** One address a host name resolves to, as `dns.lookup(…, { all: true })` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name resolves to (the system resolver unless a test gives its own). */
type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** Why an address may not be a webhook endpoint; the domain words it for the form. */
export type DestinationRefusal =
  /** Not https (or, on a product served over plain http, not http either). */
  | "scheme"
  /** A user name or password in the address: they would travel with every event. */
  | "credentials"
  /** The host name does not resolve. */
  | "unresolved"
  /** The host is, or resolves to, an address that is not public (`public-address.ts`). */
  | "not_public";

export type DestinationVerdict = { ok: true } | { ok: false; refusal: DestinationRefusal };

/** One signed event, ready to go. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** What came back: the receiver's status, or why there was none, with the time it took. */
export type WebhookAnswer =
  | { status: number; ms: number }
  | { status: null; ms: number; failure: "refused_address" | "timeout" | "no_connection" };

/**
 * Sends webhooks out of the product (docs/api.md, "Where events may go"). An endpoint's address is
 * checked when it is added (`checkDestination`), and again on every connection: the host is
 * resolved once per delivery, every address it gives is checked, and the connection is made to
 * those very addresses (node's `lookup` hook), so a name that resolved to a public address when
 * the endpoint was added cannot be switched to a private one later (DNS rebinding). Redirects are
 * never followed: `node:http` does not follow them, and a 3xx counts as a failed delivery.
 */
export interface WebhookSender {
  checkDestination(url: string): Promise<DestinationVerdict>;
  post(request: WebhookRequest): Promise<WebhookAnswer>;
}

interface WebhookSenderOptions {
  /**
   * The product itself is served over plain http (a developer's machine, the test suite): then
   * an endpoint may be http too, and on this machine (loopback), so a local receiver can be tried
   * out. Never for a product served over https.
   */
  localReceivers: boolean;
  /** The resolver; the system's unless a test stands in for DNS. */
  resolve?: ResolveHost;
}

/** A connection refused because the host led somewhere that is not public. */
class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`Refused to connect to a non-public address (${address})`);
    this.name = "RefusedAddressError";
  }
}

const systemResolve: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/** The host as URL parsing left it: IPv4 in dotted decimal whatever form was typed, IPv6 bracketed. */
function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const resolve = options.resolve ?? systemResolve;
  const allowed = (reach: AddressReach | null) =>
    reach === "public" || (reach === "loopback" && options.localReceivers);
  const schemeAllowed = (url: URL) =>
    url.protocol === "https:" || (url.protocol === "http:" && options.localReceivers);

  /**
   * Resolves for a connection, and hands the socket only addresses that were checked. Node calls
   * it with `all: true` when it may try several addresses (happy eyeballs), otherwise for one.
   */
  const pinnedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (found) => {
        const refused = found.find(({ address }) => !allowed(reachOfAddress(address)));
        if (refused) return callback(new RefusedAddressError(refused.address), "", 0);
        const usable = lookupOptions.family
          ? found.filter((a) => a.family === lookupOptions.family)
          : found;
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = "ENOTFOUND";
          return callback(error, "", 0);
        }
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };

  return {
    async checkDestination(text) {
      const url = new URL(text);
      if (!schemeAllowed(url)) return { ok: false, refusal: "scheme" };
      if (url.username || url.password) return { ok: false, refusal: "credentials" };
      const host = hostOf(url);
      const literal = reachOfAddress(host);
      if (literal) return allowed(literal) ? { ok: true } : { ok: false, refusal: "not_public" };
      const found = await resolve(host).catch(() => []);
      if (found.length === 0) return { ok: false, refusal: "unresolved" };
      // Every address: a name with one public and one private address is refused.
      return found.every(({ address }) => allowed(reachOfAddress(address)))
        ? { ok: true }
        : { ok: false, refusal: "not_public" };
    },

    post({ url: text, body, headers, timeoutMs }) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const url = new URL(text);
      // An address written as an IP is never looked up, so the lookup hook would not see it.
      const literal = reachOfAddress(hostOf(url));
      if (!schemeAllowed(url) || (literal && !allowed(literal)))
        return Promise.resolve({ status: null, ms: elapsed(), failure: "refused_address" });
      const signal = AbortSignal.timeout(timeoutMs);
      const client = url.protocol === "https:" ? https : http;
      return new Promise<WebhookAnswer>((settle) => {
        const request = client.request(
          url,
          {
            method: "POST",
            headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
            lookup: pinnedLookup,
            // A connection of its own each time: a pooled socket would skip the lookup.
            agent: false,
            signal,
          },
          (response) => {
            // The body is not kept (it is the receiver's, and may hold anything): drained to
            // free the socket, until the time limit at most.
            response.resume();
            response.on("error", () => undefined);
            settle({ status: response.statusCode ?? 0, ms: elapsed() });
          },
        );
        request.on("error", (error) =>
          settle({
            status: null,
            ms: elapsed(),
            failure:
              error instanceof RefusedAddressError
                ? "refused_address"
                : signal.aborted
                  ? "timeout"
                  : "no_connection",
          }),
        );
        request.end(body);
      });
    },
  };
}
