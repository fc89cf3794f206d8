import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSession } from "~/domain/accounts/load-session.server.ts";
import { signInWithPassword } from "~/domain/accounts/sign-in.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { CookieJar, requestFrom, startTestRuntime } from "~tests/support/accounts-harness.ts";
import { insertPasswordAccount } from "~tests/support/password-account.ts";
import { PASSWORD } from "~tests/support/test-accounts.ts";

/*
 * Under https the session cookie carries the __Host- prefix: browsers keep such a cookie only
 * when it is Secure, for Path=/ and without Domain, so no other host of the domain and no plain
 * http page can plant or shadow a session.
 */
let runtime: Runtime;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ runtime, stop } = await startTestRuntime({ PUBLIC_URL: "https://referoh.example" }));
});
afterAll(async () => {
  await stop();
});

describe("the session cookie under https", () => {
  it("is a __Host- cookie: Secure, Path=/, no Domain; and it signs the person in", async () => {
    const userId = `host-${randomUUID()}`;
    const email = `${userId}@host.example`;
    const { db } = runtime.database;
    await insertPasswordAccount(
      db,
      { id: userId, name: "Hana Host", email, role: "employer" },
      await hashPassword(PASSWORD),
    );
    const result = await signInWithPassword(runtime, {
      email,
      password: PASSWORD,
      portal: "main",
      request: requestFrom("198.51.100.7"),
    });
    if (result.status !== "signed-in") throw new Error(result.status);
    const session = result.setCookies.find((line) => line.includes("session_token="));
    expect(session).toMatch(/^__Host-referoh\.session_token=/);
    const attributes = session!.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("secure");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain("httponly");
    expect(attributes.some((part) => part.startsWith("domain="))).toBe(false);
    // Every cookie the sign-in set follows the same rule.
    for (const line of result.setCookies) expect(line).toMatch(/^__Host-/);

    const jar = new CookieJar().absorb(result.setCookies);
    const lookup = await loadSession(runtime, requestFrom("198.51.100.7", jar).headers);
    expect(lookup.status).toBe("active");
  });
});
