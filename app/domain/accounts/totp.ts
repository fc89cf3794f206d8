import { createHmac } from "node:crypto";

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as better-auth's two-factor plugin and every
 * authenticator app compute it. We need the matching time step itself, to refuse a code that was
 * already used (the plugin would accept it again within its window).
 */
const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;

export function hotp(key: Uint8Array, counter: number): string {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(buffer).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value =
    ((mac[offset]! & 0x7f) << 24) |
    ((mac[offset + 1]! & 0xff) << 16) |
    ((mac[offset + 2]! & 0xff) << 8) |
    (mac[offset + 3]! & 0xff);
  return (value % 10 ** DIGITS).toString().padStart(DIGITS, "0");
}

function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

export function totp(key: Uint8Array, now: Date): string {
  return hotp(key, timeStep(now));
}

/** The step (current, previous or next) whose code equals `code`, or null. */
export function matchingStep(key: Uint8Array, code: string, now: Date, window = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = timeStep(now);
  for (let i = -window; i <= window; i++) {
    if (hotp(key, current + i) === code) return current + i;
  }
  return null;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 (RFC 4648, no padding), the form of the secret in an otpauth:// URI. */
export function base32Decode(input: string): Uint8Array {
  const clean = input.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("invalid base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}
