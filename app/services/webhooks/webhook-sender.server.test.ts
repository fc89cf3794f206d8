import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookSender, type ResolvedAddress } from "./webhook-sender.server.ts";

/*
 * The webhook sender on real sockets (docs/api.md, "Where events may go"): it connects to the
 * addresses its own lookup checked, once per delivery, so a host name whose DNS turns private
 * after the endpoint was added gets nothing; it never follows a redirect; and it gives up on a
 * receiver that does not answer in time.
 */

interface Receiver {
  port: number;
  requests: { host: string | undefined; body: string }[];
  answer: (response: http.ServerResponse) => void;
  server: http.Server;
}

async function receiver(): Promise<Receiver> {
  const state: Receiver = {
    port: 0,
    requests: [],
    answer: (response) => response.writeHead(204).end(),
    server: http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        state.requests.push({ host: request.headers.host, body });
        state.answer(response);
      });
    }),
  };
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.port = (state.server.address() as AddressInfo).port;
  return state;
}

/** DNS as a test writes it: each call answers the next entry (the last one from then on). */
function dnsAnswering(...answers: string[][]) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)]!;
    return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { asked, resolve };
}

const event = (url: string, timeoutMs = 5_000) => ({
  url,
  body: '{"type":"review.due"}',
  headers: { "content-type": "application/json" },
  timeoutMs,
});

let hook: Receiver;
let elsewhere: Receiver;
beforeAll(async () => {
  hook = await receiver();
  elsewhere = await receiver();
});
afterAll(async () => {
  hook.server.closeAllConnections();
  elsewhere.server.closeAllConnections();
  await Promise.all(
    [hook, elsewhere].map((r) => new Promise<void>((resolve) => r.server.close(() => resolve()))),
  );
});

describe("the webhook sender", () => {
  it("connects to the address its lookup checked, looking the host up once", async () => {
    // `hooks.example.test` resolves nowhere but here: reaching the receiver proves the connection
    // used the checked address rather than resolving the name again.
    const dns = dnsAnswering(["127.0.0.1"]);
    const sender = createWebhookSender({ localReceivers: true, resolve: dns.resolve });
    hook.requests = [];
    const answer = await sender.post(event(`http://hooks.example.test:${hook.port}/in`));
    expect(answer.status).toBe(204);
    expect(dns.asked).toEqual(["hooks.example.test"]);
    expect(hook.requests).toEqual([
      { host: `hooks.example.test:${hook.port}`, body: '{"type":"review.due"}' },
    ]);
  });

  it("refuses a host whose DNS turned private after it was accepted, without connecting", async () => {
    // Accepted when added (a public address), then rebound to this machine and to cloud metadata.
    for (const rebound of [["127.0.0.1"], ["169.254.169.254"], ["93.184.215.14", "10.0.0.7"]]) {
      const dns = dnsAnswering(["93.184.215.14"], rebound);
      const sender = createWebhookSender({ localReceivers: false, resolve: dns.resolve });
      expect(await sender.checkDestination("https://hooks.example.test/in")).toEqual({ ok: true });
      hook.requests = [];
      const answer = await sender.post(event(`https://hooks.example.test:${hook.port}/in`));
      expect(answer).toMatchObject({ status: null, failure: "refused_address" });
      expect(dns.asked).toHaveLength(2);
      expect(hook.requests).toEqual([]);
    }
  });

  it("refuses at creation a host with any address that is not public", async () => {
    const dns = dnsAnswering(["93.184.215.14", "192.168.1.20"]);
    const sender = createWebhookSender({ localReceivers: false, resolve: dns.resolve });
    expect(await sender.checkDestination("https://hooks.example.test/")).toEqual({
      ok: false,
      refusal: "not_public",
    });
    const nowhere = createWebhookSender({
      localReceivers: false,
      resolve: async () => {
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    });
    expect(await nowhere.checkDestination("https://hooks.example.test/")).toEqual({
      ok: false,
      refusal: "unresolved",
    });
    expect(await sender.checkDestination("https://user:pass@8.8.8.8/")).toEqual({
      ok: false,
      refusal: "credentials",
    });
  });

  it("refuses loopback and plain http unless the product itself runs on http", async () => {
    const url = `http://127.0.0.1:${hook.port}/in`;
    hook.requests = [];
    const strict = createWebhookSender({ localReceivers: false });
    expect(await strict.checkDestination(url)).toEqual({ ok: false, refusal: "scheme" });
    expect(await strict.post(event(url))).toMatchObject({ failure: "refused_address" });
    expect(hook.requests).toEqual([]);
    const local = createWebhookSender({ localReceivers: true });
    expect(await local.checkDestination(url)).toEqual({ ok: true });
    expect((await local.post(event(url))).status).toBe(204);
    expect(hook.requests).toHaveLength(1);
  });

  it("does not follow a redirect", async () => {
    const sender = createWebhookSender({ localReceivers: true });
    hook.answer = (response) =>
      response.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/` }).end();
    elsewhere.requests = [];
    try {
      expect((await sender.post(event(`http://127.0.0.1:${hook.port}/in`))).status).toBe(307);
    } finally {
      hook.answer = (response) => response.writeHead(204).end();
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const sender = createWebhookSender({ localReceivers: true });
    hook.answer = () => undefined;
    try {
      const answer = await sender.post(event(`http://127.0.0.1:${hook.port}/in`, 200));
      expect(answer).toMatchObject({ status: null, failure: "timeout" });
    } finally {
      hook.answer = (response) => response.writeHead(204).end();
      hook.server.closeAllConnections();
    }
  });
});
