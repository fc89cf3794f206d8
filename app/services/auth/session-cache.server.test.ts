import { describe, expect, it } from "vitest";
import { parseSessionChange } from "~/db/session-changes.server.ts";
import { SessionCache } from "./session-cache.server.ts";

function cacheAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 0;
  const cache = new SessionCache<string>({
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 100,
    clock: () => time,
  });
  cache.setListening(true);
  return {
    cache,
    advance(ms: number) {
      time += ms;
    },
  };
}

const alice = { userId: "alice", organisationIds: ["acme", "globex"] };
const bob = { userId: "bob", organisationIds: ["acme"] };

describe("session cache", () => {
  it("serves an entry until its time is up, then reads again", () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000 });
    cache.set("a", "alice's lookup", alice, cache.mark());
    advance(29_999);
    expect(cache.get("a")).toBe("alice's lookup");
    advance(1);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the entries of a changed user or organisation, and everything on 'all'", () => {
    const { cache } = cacheAt();
    cache.set("a1", "alice on a phone", alice, cache.mark());
    cache.set("a2", "alice on a laptop", alice, cache.mark());
    cache.set("b", "bob", bob, cache.mark());
    cache.apply(parseSessionChange("user:alice"));
    expect([cache.get("a1"), cache.get("a2"), cache.get("b")]).toEqual([
      undefined,
      undefined,
      "bob",
    ]);
    cache.set("a1", "alice on a phone", alice, cache.mark());
    cache.apply(parseSessionChange("organisation:acme"));
    expect(cache.size).toBe(0);
    cache.set("b", "bob", bob, cache.mark());
    cache.apply(parseSessionChange("all"));
    expect(cache.size).toBe(0);
  });

  it("does not keep a lookup read before a change it has heard of", () => {
    const { cache } = cacheAt();
    const mark = cache.mark();
    // The read is in flight when a change arrives: what it read may be from before the change.
    cache.apply(parseSessionChange("user:someone-else"));
    cache.set("a", "alice, read before the change", alice, mark);
    expect(cache.get("a")).toBeUndefined();
  });

  it("serves and keeps nothing while it is not hearing changes, and starts empty again", () => {
    const { cache } = cacheAt();
    cache.set("a", "alice", alice, cache.mark());
    cache.setListening(false);
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", "bob", bob, cache.mark());
    expect(cache.size).toBe(0);
    cache.setListening(true);
    expect(cache.get("a")).toBeUndefined();
  });

  it("holds at most its bound, forgetting the oldest first", () => {
    const { cache } = cacheAt({ maxEntries: 2 });
    cache.set("a", "alice", alice, cache.mark());
    cache.set("b", "bob", bob, cache.mark());
    cache.set("c", "carol", { userId: "carol", organisationIds: [] }, cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBeUndefined();
    // The forgotten entry is gone from the indexes too: a change to alice touches nobody else.
    cache.apply(parseSessionChange("user:alice"));
    expect([cache.get("b"), cache.get("c")]).toEqual(["bob", "carol"]);
  });

  it("reads a payload it does not understand as a change to everything", () => {
    expect(parseSessionChange("user:u-1")).toEqual({ kind: "user", id: "u-1" });
    expect(parseSessionChange("organisation:o:1")).toEqual({ kind: "organisation", id: "o:1" });
    expect(parseSessionChange("")).toEqual({ kind: "all" });
    expect(parseSessionChange("member:x")).toEqual({ kind: "all" });
    expect(parseSessionChange("user:")).toEqual({ kind: "all" });
  });
});
