import ipaddr from "ipaddr.js";

/**
 * Where an IP address leads, for a webhook (docs/api.md, "Where events may go"): somewhere on the
 * public internet, this machine (loopback), or anywhere else that is not public: private networks
 * (10/8, 172.16/12, 192.168/16, unique-local fc00::/7), link-local (169.254/16, where cloud
 * metadata services answer, and fe80::/10), carrier-grade NAT (100.64/10), multicast, broadcast,
 * the unspecified 0.0.0.0 and ::, documentation and benchmarking ranges, and the IPv6 forms that
 * carry an IPv4 address inside them (IPv4-mapped, NAT64, 6to4, Teredo), which could lead back to
 * any of those.
 *
 * The ranges are ipaddr.js's tables of the IANA special-purpose registries, not a list of our own:
 * it is maintained, has no dependencies, and parses every form an address can be written in.
 * `null` for text that is not an IP address (a host name, to be resolved first).
 */
export type AddressReach = "public" | "loopback" | "not_public";

/**
 * IPv6's global unicast allocation (2000::/3). An IPv6 address outside it (the deprecated
 * IPv4-compatible ::a.b.c.d, unassigned space) is not a public destination, whatever ipaddr.js's
 * catch-all range name for it says.
 */
const globalUnicast6 = ipaddr.parseCIDR("2000::/3");

export function reachOfAddress(address: string): AddressReach | null {
  // An IPv6 literal as a URL writes it, in brackets; a zone (fe80::1%eth0) is part of it.
  const text = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return null;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is the IPv4 address it maps, and is judged as that.
  const ip = ipaddr.process(text);
  const range = ip.range();
  if (range === "loopback") return "loopback";
  if (range !== "unicast") return "not_public";
  if (ip.kind() === "ipv6" && !ip.match(globalUnicast6)) return "not_public";
  return "public";
}
