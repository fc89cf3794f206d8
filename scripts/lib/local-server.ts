import net from "node:net";

/** A TCP port nothing listens on right now, for a throwaway server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Polls `url` until it answers 2xx; a server that never does is an error after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

/**
 * The environment of a throwaway production server on `port`, reached at `base`: quiet logs, and
 * the demo payment provider, which the production config refuses unless told it is a
 * demonstration.
 */
export function productionServerEnv(port: number, base: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    ALLOW_DEMO_PAYMENTS: "true",
    LOG_LEVEL: "warn",
  };
}

/**
 * Signs in through the real /login form, as a browser without JavaScript would; the cookies it
 * sets, each as `name=value`.
 */
export async function signInThroughForm(base: string, email: string, password: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (response.status >= 400 || cookies.length === 0)
    throw new Error(`sign-in of ${email} failed with ${response.status}`);
  return cookies;
}
