import http from "node:http";
import { CookieJar } from "./accounts-harness.ts";
import { redirectAnswer } from "./router-answers.ts";
import { codeFor } from "./test-accounts.ts";

/*
 * Requests to a server in the test's own process (tests/support/built-server.ts) over node:http:
 * any method (fetch() refuses TRACE), any body as it is framed, no redirect followed, and a
 * browser's cookie jar per caller. Addresses are resolved as a browser and Playwright's request
 * context resolve them (`new URL(path, origin)`).
 */

export type Body =
  | { form: Record<string, string> }
  | { multipart: Record<string, string> }
  | { raw: string; type: string };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Where a redirect goes: its Location, or a `.data` request's SingleFetchRedirect target. */
  location: string;
  body: Buffer;
}

async function encode(body: Body): Promise<{ bytes: Buffer; type: string }> {
  if ("raw" in body) return { bytes: Buffer.from(body.raw, "utf8"), type: body.type };
  if ("form" in body)
    return {
      bytes: Buffer.from(new URLSearchParams(body.form).toString(), "utf8"),
      type: "application/x-www-form-urlencoded",
    };
  const form = new FormData();
  for (const [name, value] of Object.entries(body.multipart)) form.append(name, value);
  // The platform's own multipart framing, boundary and all, as a browser would send it.
  const framed = new Request("http://localhost/", { method: "POST", body: form });
  return {
    bytes: Buffer.from(await framed.arrayBuffer()),
    type: framed.headers.get("content-type")!,
  };
}

/** One caller (a browser, with its cookies) of a server on a loopback port. */
export class ServerCaller {
  readonly jar = new CookieJar();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(private readonly server: { origin: string; port: number }) {}

  /** The server's origin, which its forms' Origin check expects. */
  get origin() {
    return this.server.origin;
  }

  async send(
    method: string,
    url: string,
    {
      body,
      headers = {},
      newConnection = false,
    }: {
      body?: Body;
      headers?: Record<string, string>;
      /**
       * A connection of its own, closed after the answer: a route that answers before reading a
       * large body (a 404, a 405, a 413) leaves the rest unread, and Node closes that connection.
       */
      newConnection?: boolean;
    } = {},
  ): Promise<Answer> {
    const target = new URL(url, this.server.origin);
    const encoded = body ? await encode(body) : undefined;
    const requestHeaders: Record<string, string> = {
      host: target.host,
      "user-agent": "referoh-server-tests",
      ...headers,
    };
    const cookie = this.jar.header();
    if (cookie) requestHeaders.cookie = cookie;
    if (encoded) {
      if (encoded.type) requestHeaders["content-type"] = encoded.type;
      requestHeaders["content-length"] = String(encoded.bytes.length);
    }
    if (newConnection) requestHeaders.connection = "close";
    const exchange = (agent: http.Agent | false) =>
      new Promise<http.IncomingMessage & { bodyBytes: Buffer }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port: this.server.port,
            method,
            path: target.pathname + target.search,
            headers: requestHeaders,
            agent,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () =>
              resolve(Object.assign(incoming, { bodyBytes: Buffer.concat(chunks) })),
            );
            incoming.on("error", reject);
          },
        );
        request.on("error", (error: NodeJS.ErrnoException) =>
          reject(Object.assign(error, { reusedSocket: request.reusedSocket })),
        );
        request.end(encoded?.bytes);
      });
    const response = await exchange(newConnection ? false : this.agent).catch(
      (error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
        // The server may close an idle kept-alive connection just as a request goes out on it
        // (its keep-alive timeout): a browser then sends the request again on a new connection.
        if (error.reusedSocket && error.code === "ECONNRESET") return exchange(false);
        throw error;
      },
    );
    const setCookies = response.headers["set-cookie"];
    if (setCookies) this.jar.absorb(setCookies);
    const body_ = response.bodyBytes;
    const answer = redirectAnswer(
      response.statusCode!,
      response.headers.location,
      body_.subarray(0, 512).toString("latin1"),
    );
    return { ...answer, headers: response.headers, body: body_ };
  }

  get(url: string, headers?: Record<string, string>) {
    return this.send("GET", url, { headers });
  }

  /** A form posted from one of the server's own pages (same Origin). */
  post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.send("POST", url, {
      body: { form },
      headers: { origin: this.server.origin, ...headers },
    });
  }

  close() {
    this.agent.destroy();
  }
}

/**
 * Signs `caller` in with the sign-in form of `loginPath` (/login or /doctor-login), and completes
 * the forced two-factor enrolment by its form, as a first sign-in of a doctor or an administrator
 * does; returns the authenticator's secret. (The pages themselves are proved by the browser
 * tests, tests/e2e/auth/.)
 */
export async function signInWithTwoFactorEnrolment(
  caller: ServerCaller,
  loginPath: "/login" | "/doctor-login",
  email: string,
  password: string,
): Promise<string> {
  const signIn = await caller.post(loginPath, {
    ...(loginPath === "/login" ? { intent: "sign-in" } : {}),
    email,
    password,
  });
  if (signIn.status !== 302)
    throw new Error(`sign-in of ${email} at ${loginPath}: ${signIn.status}, not a redirect`);
  // The area the sign-in leads to sends a role that needs a second factor to enrol first.
  const home = await caller.get(signIn.location);
  if (home.status !== 302 || !home.location.startsWith("/account/two-factor"))
    throw new Error(
      `sign-in of ${email}: ${signIn.location} answered ${home.status} ${home.location}, not the two-factor enrolment`,
    );
  const started = await caller.post("/account/two-factor", { intent: "start", password });
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(started.body.toString())?.[1];
  if (started.status !== 200 || !secret)
    throw new Error(`two-factor enrolment of ${email}: ${started.status}, no secret shown`);
  const confirmed = await caller.post("/account/two-factor", {
    intent: "confirm",
    code: codeFor(secret),
  });
  if (confirmed.status !== 302 || confirmed.location.startsWith("/account/two-factor"))
    throw new Error(`two-factor enrolment of ${email}: the code was refused (${confirmed.status})`);
  return secret;
}
