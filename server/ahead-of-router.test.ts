import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import express from "express";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { listenForTest } from "~tests/support/listen.ts";
import { headersSetBy, protocolOf } from "./ahead-of-router.ts";

function requestFrom(headers: Record<string, string>, encrypted = false): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: "10.0.0.1" });
  if (encrypted) Object.assign(socket, { encrypted: true });
  const req = new IncomingMessage(socket);
  req.headers = headers;
  return req;
}

describe("the protocol of a request answered ahead of Express", () => {
  it("is the socket's when the proxy is not trusted, whatever X-Forwarded-Proto says", () => {
    const never = () => false;
    expect(protocolOf(requestFrom({ "x-forwarded-proto": "https" }), never)).toBe("http");
    expect(protocolOf(requestFrom({}, true), never)).toBe("https");
  });

  it("is the first X-Forwarded-Proto when the proxy is trusted, as Express reads it", () => {
    const trusted = (address: string | undefined, hop: number) =>
      address === "10.0.0.1" && hop === 0;
    expect(protocolOf(requestFrom({ "x-forwarded-proto": " https , http" }), trusted)).toBe(
      "https",
    );
    expect(protocolOf(requestFrom({ "x-forwarded-proto": "http" }, true), trusted)).toBe("http");
    expect(protocolOf(requestFrom({}), trusted)).toBe("http");
  });
});

describe("headers worked out once", () => {
  it("are the ones the same handlers set on a response Express sends", async () => {
    const handlers = [
      helmet({ crossOriginEmbedderPolicy: false }),
      ((_req, res, next) => {
        res.setHeader("Permissions-Policy", "camera=()");
        next();
      }) satisfies express.RequestHandler,
    ];
    const app = express();
    app.disable("x-powered-by");
    app.use(handlers);
    app.get("/", (_req, res) => {
      res.end();
    });
    const { base, close } = await listenForTest(app);
    try {
      const response = await fetch(`${base}/`);
      const sent = Object.fromEntries(
        [...response.headers].filter(
          ([name]) => !["date", "connection", "keep-alive", "content-length"].includes(name),
        ),
      );
      const worked = Object.fromEntries(
        headersSetBy(handlers, "/").map(([name, value]) => [name.toLowerCase(), value]),
      );
      expect(worked).toEqual(sent);
      expect(Object.keys(worked).length).toBeGreaterThan(5);
    } finally {
      close();
    }
  });
});
