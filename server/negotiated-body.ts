import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";
import fresh from "fresh";

const brotli = promisify(zlib.brotliCompress);

/** Brotli at its best quality, for text, off the main thread: bytes compressed once and kept. */
export function compressBrotli(bytes: Buffer): Promise<Buffer> {
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** One response body held in memory, with the compressed copies made of it once. */
export interface EncodedBody {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** A hash of the identity bytes; each encoding's ETag adds its own suffix. */
  tag: string;
}

type Encoding = "br" | "gzip" | "identity";

interface AcceptedEncodings {
  br: boolean;
  gzip: boolean;
}

/*
 * Browsers send a handful of Accept-Encoding values, the same on every request, so what each
 * admits is worked out once by `accepts` (negotiator, the parser Express uses) and remembered:
 * parsing it per request cost more than a tenth of a pre-rendered response. Bounded, so a client
 * sending a new value each time costs a parse, not memory.
 */
const acceptedByHeader = new Map<string, AcceptedEncodings>();
const rememberedHeaders = 256;

function acceptedEncodings(header: string | undefined): AcceptedEncodings {
  const value = header ?? "";
  let accepted = acceptedByHeader.get(value);
  if (accepted) return accepted;
  const negotiator = accepts({ headers: { "accept-encoding": value } } as IncomingMessage);
  accepted = {
    br: negotiator.encodings("br") === "br",
    gzip: negotiator.encodings("gzip") === "gzip",
  };
  if (acceptedByHeader.size >= rememberedHeaders) acceptedByHeader.clear();
  acceptedByHeader.set(value, accepted);
  return accepted;
}

/** Brotli wherever it is accepted (browsers list gzip first with equal weight), then gzip. */
function preferredEncoding(body: EncodedBody, header: string | undefined): Encoding {
  const accepted = acceptedEncodings(header);
  return body.br && accepted.br ? "br" : body.gzip && accepted.gzip ? "gzip" : "identity";
}

/** One encoding's answer: its headers in the order sent, flattened as `writeHead` takes them. */
interface Variant {
  etag: string;
  bytes: Buffer;
  /** The headers before the per-request ones (security headers, the body's own policy). */
  before: string[];
  /** The headers after them: the body's own, Vary and ETag; with the length for a 200. */
  notModified: string[];
  ok: string[];
}

/** A body ready to send, in whichever encoding a request prefers. */
export interface NegotiatedBody {
  /**
   * Sends it, or 304 when the browser holds those bytes already: what nginx's `gzip_static`
   * does. `perRequest` (flat name, value, …) goes between the leading headers and the body's
   * own, where the app sets them (HSTS, the request id).
   */
  send(req: IncomingMessage, res: ServerResponse, perRequest?: readonly string[]): void;
}

/**
 * Everything about a response that is the same every time is worked out here, once: its headers
 * by encoding, in order, with their values already strings. `leading` are headers every such
 * response carries (the security headers), `own` the body's (Content-Type, Cache-Control, a
 * page's Content-Security-Policy); one of `own` named in `leading` takes its place there, so
 * the order is the one the app's `setHeader` calls give. A response is then one `writeHead` with
 * no `setHeader` per header, as bare Node `http` sends one. On a response that has headers set
 * already (through Express), `writeHead` sets these over them, in the same order.
 */
export function negotiatedBody(
  body: EncodedBody,
  own: readonly (readonly [string, string])[],
  leading: readonly (readonly [string, string])[] = [],
): NegotiatedBody {
  const ownByName = new Map(own.map(([name, value]) => [name.toLowerCase(), value]));
  const before = leading.flatMap(([name, value]) => [
    name,
    ownByName.get(name.toLowerCase()) ?? value,
  ]);
  const leadingNames = new Set(leading.map(([name]) => name.toLowerCase()));
  const after = own.filter(([name]) => !leadingNames.has(name.toLowerCase())).flat();
  const variants = new Map<Encoding, Variant>();
  const variant = (encoding: Encoding): Variant => {
    let found = variants.get(encoding);
    if (found) return found;
    const bytes = encoding === "br" ? body.br! : encoding === "gzip" ? body.gzip! : body.identity;
    // A strong ETag names exact bytes, so each encoding has its own.
    const etag = `"${body.tag}${encoding === "br" ? "-br" : encoding === "gzip" ? "-gz" : ""}"`;
    const notModified = [...after, "Vary", "Accept-Encoding", "ETag", etag];
    found = {
      etag,
      bytes,
      before,
      notModified,
      ok: [
        ...notModified,
        ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
        "Content-Length",
        String(bytes.length),
      ],
    };
    variants.set(encoding, found);
    return found;
  };
  return {
    send(req, res, perRequest = []) {
      const { headers } = req;
      const chosen = variant(preferredEncoding(body, headers["accept-encoding"]));
      // `fresh` answers false for a request with neither condition: not asked, then.
      const conditional =
        headers["if-none-match"] !== undefined || headers["if-modified-since"] !== undefined;
      if (conditional && fresh(headers, { etag: chosen.etag })) {
        res.writeHead(304, [...chosen.before, ...perRequest, ...chosen.notModified]);
        res.end();
        return;
      }
      res.writeHead(200, [...chosen.before, ...perRequest, ...chosen.ok]);
      res.end(req.method === "HEAD" ? undefined : chosen.bytes);
    },
  };
}
