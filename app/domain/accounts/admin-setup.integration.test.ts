import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { type DatabaseHandle, openDatabase } from "~/db/client.server.ts";
import { verification } from "~/db/schema/index.ts";
import { testRuntimeForFile } from "~tests/support/accounts-harness.ts";
import {
  createFirstAdmin,
  issueFirstAdminSetupLink,
  setupTokenIsValid,
} from "./admin-setup.server.ts";
import type { AccountsDeps } from "./types.ts";

const started = testRuntimeForFile();

/*
 * A second app host on the same database (docs/deployment.md): its own DATA_DIR and, on
 * PostgreSQL, its own pool. It shares nothing with the first but the database.
 */
let otherDataDir: string;
let otherHandle: DatabaseHandle | null = null;
let hostA: AccountsDeps;
let hostB: AccountsDeps;

beforeAll(async () => {
  otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-second-host-"));
  const url = started.runtime.database.connectionString;
  otherHandle = url ? await openDatabase({ kind: "postgres", url }) : null;
  hostA = started.runtime;
  hostB = {
    ...started.runtime,
    config: loadConfig({ DATA_DIR: otherDataDir, LOG_LEVEL: "silent", NODE_ENV: "test" }),
    database: otherHandle ?? started.runtime.database,
  };
});

afterAll(async () => {
  await otherHandle?.close();
  fs.rmSync(otherDataDir, { recursive: true, force: true });
});

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
const fileOf = (deps: AccountsDeps) =>
  fs.readFileSync(path.join(deps.config.dataDir, "first-admin-setup-link.txt"), "utf8").trim();

describe("the first administrator's set-up link across app hosts", () => {
  it("is one link, printed by every host and accepted by every host", async () => {
    const first = await issueFirstAdminSetupLink(hostA);
    const second = await issueFirstAdminSetupLink(hostB);
    expect(first).toMatch(/\/setup\?token=/);
    expect(second).toBe(first);
    expect(fileOf(hostA)).toBe(first);
    expect(fileOf(hostB)).toBe(first);
    // A restart of the first host prints it again rather than replacing it.
    expect(await issueFirstAdminSetupLink(hostA)).toBe(first);
    expect(await setupTokenIsValid(hostB, tokenOf(first!))).toBe(true);
    expect(await setupTokenIsValid(hostA, "not-the-token")).toBe(false);
  });

  it("stores neither the token nor the link in the clear", async () => {
    const link = (await issueFirstAdminSetupLink(hostA))!;
    const rows = await hostA.database.db.select().from(verification);
    expect(rows.length).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(link));
  });

  it("gives hosts starting together the same link", async () => {
    await hostA.database.db.delete(verification);
    const links = await Promise.all([
      issueFirstAdminSetupLink(hostA),
      issueFirstAdminSetupLink(hostB),
      issueFirstAdminSetupLink(hostA),
    ]);
    expect(new Set(links).size).toBe(1);
    expect(await setupTokenIsValid(hostA, tokenOf(links[0]!))).toBe(true);
  });

  it("is used once, on any host, and then no host prints a link", async () => {
    const link = (await issueFirstAdminSetupLink(hostA))!;
    const request = { headers: new Headers(), ip: "192.0.2.10", requestId: "setup-test" };
    const input = {
      token: tokenOf(link),
      name: "First Administrator",
      email: "first.admin@example.org",
      password: "correct horse battery staple 42",
      request,
    };
    const [one, two] = await Promise.all([
      createFirstAdmin(hostB, input),
      createFirstAdmin(hostA, { ...input, email: "second.admin@example.org" }),
    ]);
    expect([one.status, two.status].sort()).toEqual(["created", "invalid-token"]);
    expect(await setupTokenIsValid(hostA, tokenOf(link))).toBe(false);
    expect(await issueFirstAdminSetupLink(hostA)).toBeNull();
    expect(fs.existsSync(path.join(hostA.config.dataDir, "first-admin-setup-link.txt"))).toBe(
      false,
    );
  });
});
