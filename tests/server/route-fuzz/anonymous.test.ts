import net from "node:net";
import { expect, it } from "vitest";
import { fuzzServerForFile, walkAs, walkTimeout } from "./fuzz.ts";

const server = fuzzServerForFile();

it(
  "route fuzz: no input makes the server fail, as an anonymous visitor",
  async () => {
    await walkAs(server(), "anonymous", { edgeProbes: true });
  },
  walkTimeout,
);

/** The status line's code of one HTTP/1.0 request written by hand, as a health checker sends it. */
function statusOfBareRequest(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`GET ${path} HTTP/1.0\r\n\r\n`),
    );
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(Number(/^HTTP\/1\.\d (\d{3})/.exec(answer)?.[1])));
    socket.on("error", reject);
  });
}

// HAProxy's default `option httpchk` is HTTP/1.0 with no Host header (docs/deployment.md): the
// server must answer it, not fail building the request's address.
it("answers a request without a Host header", async () => {
  for (const path of ["/healthz", "/", "/sign-in", "/no-such-page"])
    expect(await statusOfBareRequest(server().port, path), path).toBeLessThan(500);
});
