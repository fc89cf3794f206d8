import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server.ts";

describe("configuration", () => {
  it("needs nothing from the environment to run locally", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.TRUST_PROXY).toBeUndefined();
  });

  it("takes the public address from the port unless one is given", () => {
    expect(loadConfig({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "3990" }).PUBLIC_URL).toBe("http://localhost:3990");
    expect(loadConfig({ PORT: "3990", PUBLIC_URL: "https://referoh.co.uk" }).PUBLIC_URL).toBe(
      "https://referoh.co.uk",
    );
  });

  it("refuses a malformed value with the variable's name", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });

  it("runs several web processes only on a PostgreSQL server", () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL",
    );
    expect(
      loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://127.0.0.1/referoh" })
        .WEB_CONCURRENCY,
    ).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });
});
