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

  it("refuses a malformed value with the variable's name", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });
});
