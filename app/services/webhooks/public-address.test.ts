import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reachOfAddress } from "./public-address.ts";
import { createWebhookSender } from "./webhook-sender.server.ts";

/*
 * The webhook address policy (docs/api.md, "Where events may go") against the IANA IPv4
 * special-purpose registry written out here by hand, with integer arithmetic of its own, so the
 * library's tables are checked rather than trusted; and every way a URL may spell an IPv4 address
 * reaches the same verdict as the dotted address.
 */

/** Not a destination for a webhook: IANA's special-purpose blocks, multicast and broadcast. */
const notPublic4 = [
  "0.0.0.0/8", // "this network", and 0.0.0.0
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata (169.254.169.254)
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.31.196.0/24", // AS112 and AMT: anycast infrastructure, never an HR system
  "192.52.193.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "192.175.48.0/24",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and 255.255.255.255
].map((cidr) => {
  const [base, bits] = cidr.split("/");
  const start = base!.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
  return { start, size: 2 ** (32 - Number(bits)), loopback: cidr === "127.0.0.0/8" };
});

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join(".");
const blockOf = (n: number) => notPublic4.find((b) => n >= b.start && n < b.start + b.size);
const expected = (n: number) => {
  const block = blockOf(n);
  return block ? (block.loopback ? "loopback" : "not_public") : "public";
};

/** Any IPv4 address, half of them drawn from inside the special blocks so each is reached. */
const ipv4 = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  fc
    .constantFrom(...notPublic4)
    .chain((b) => fc.integer({ min: b.start, max: b.start + b.size - 1 })),
);

/** The spellings URL parsing accepts for one IPv4 address (WHATWG URL, "IPv4 parser"). */
const spellings = (n: number) => {
  const octets = [24, 16, 8, 0].map((shift) => (n >>> shift) & 255);
  const inBase = (value: number, base: number) =>
    base === 16 ? `0x${value.toString(16)}` : base === 8 ? `0${value.toString(8)}` : `${value}`;
  return fc.constantFrom(
    dotted(n),
    `${n}`,
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    `${octets[0]}.${n & 0xffffff}`,
    `${octets[0]}.${octets[1]}.${n & 0xffff}`,
    octets.map((o, i) => inBase(o, [10, 16, 8, 16][i]!)).join("."),
    `[::ffff:${dotted(n)}]`,
    `[::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}]`,
  );
};

/** A sender whose resolver must never be asked: an address written as an IP is judged as it is. */
const sender = (localReceivers: boolean) =>
  createWebhookSender({
    localReceivers,
    resolve: async (host) => {
      throw new Error(`an IP address was looked up as a host name: ${host}`);
    },
  });

describe("where a webhook may go", () => {
  it("an IPv4 address is public exactly when no special-purpose block holds it", () => {
    fc.assert(
      fc.property(ipv4, (n) => {
        expect(reachOfAddress(dotted(n))).toBe(expected(n));
      }),
      { numRuns: 5000 },
    );
  });

  it("every spelling of an address in a URL gets the dotted address's verdict", async () => {
    const strict = sender(false);
    const local = sender(true);
    await fc.assert(
      fc.asyncProperty(
        ipv4.chain((n) => fc.tuple(fc.constant(n), spellings(n))),
        async ([n, host]) => {
          const url = `https://${host}/hooks`;
          const verdict = expected(n);
          expect((await strict.checkDestination(url)).ok).toBe(verdict === "public");
          expect((await local.checkDestination(url)).ok).toBe(verdict !== "not_public");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("refuses the well-known ways in by name", async () => {
    const strict = sender(false);
    for (const url of [
      "https://2130706433/",
      "https://0x7f.1/",
      "https://[::ffff:127.0.0.1]/",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/",
      "https://0.0.0.0/",
      "https://[::]/",
      "https://[::1]/",
      "https://100.64.0.1/",
      "https://[ff02::1]/",
      "https://255.255.255.255/",
    ])
      expect(await strict.checkDestination(url), url).toEqual({ ok: false, refusal: "not_public" });
    // The same addresses in plain http are refused for their scheme first.
    expect(await strict.checkDestination("http://8.8.8.8/")).toEqual({
      ok: false,
      refusal: "scheme",
    });
    expect(await strict.checkDestination("https://8.8.8.8/")).toEqual({ ok: true });
    // A product on plain http takes loopback (a receiver on the developer's machine), but still
    // nothing private, however it is written.
    const local = sender(true);
    expect(await local.checkDestination("http://2130706433/")).toEqual({ ok: true });
    for (const url of [
      "http://0xa.1/",
      "http://167772161/",
      "http://[::ffff:169.254.169.254]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://0251.0376.0251.0376/",
    ])
      expect(await local.checkDestination(url), url).toEqual({ ok: false, refusal: "not_public" });
  });

  it("IPv6 that carries or hides an IPv4 address, or is not global unicast, is refused", () => {
    const hex = (bits: number) =>
      fc.integer({ min: 0, max: 2 ** bits - 1 }).map((v) => v.toString(16));
    const group = hex(16);
    const notPublic6 = fc.oneof(
      // unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8
      fc
        .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), group, group)
        .map(([a, b, c]) => `${a.toString(16)}:${b}::${c}`),
      fc
        .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), group)
        .map(([a, b]) => `${a.toString(16)}::${b}`),
      fc
        .tuple(fc.integer({ min: 0xff00, max: 0xffff }), group)
        .map(([a, b]) => `${a.toString(16)}::${b}`),
      // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms of any non-public IPv4 address
      fc
        .constantFrom(...notPublic4.filter((b) => !b.loopback))
        .chain((b) => fc.integer({ min: b.start, max: b.start + b.size - 1 }))
        .chain((n) =>
          fc.constantFrom(
            `::ffff:${dotted(n)}`,
            `::${dotted(n)}`,
            `64:ff9b::${dotted(n)}`,
            `2002:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`,
          ),
        ),
      // Teredo 2001::/32, documentation 2001:db8::/32
      fc.tuple(group, group).map(([a, b]) => `2001:0:${a}::${b}`),
      fc.tuple(group, group).map(([a, b]) => `2001:db8:${a}::${b}`),
    );
    fc.assert(
      fc.property(notPublic6, (address) => {
        expect(reachOfAddress(address)).not.toBe("public");
      }),
      { numRuns: 2000 },
    );
    // Global unicast outside the special blocks, such as a cloud provider's 2600::/12.
    fc.assert(
      fc.property(fc.tuple(hex(4), group, group), ([a, b, c]) => {
        expect(reachOfAddress(`260${a}:${b}::${c}`)).toBe("public");
      }),
    );
    expect(reachOfAddress("::1")).toBe("loopback");
    expect(reachOfAddress("[::ffff:7f00:1]")).toBe("loopback");
    expect(reachOfAddress("referoh.example")).toBeNull();
  });
});
