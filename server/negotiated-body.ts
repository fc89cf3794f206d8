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

/**
 * Sends `body` in the encoding the request prefers, or 304 when the browser holds those bytes
 * already: what nginx's `gzip_static` does, for the pre-rendered pages and the hashed assets
 * answered ahead of the router (server/prerendered.ts, server/assets.ts). The caller has set
 * every other header.
 */
export function sendNegotiated(req: IncomingMessage, res: ServerResponse, body: EncodedBody) {
  const accepted = accepts(req);
  // Brotli wherever it is accepted: browsers list gzip first with equal weight.
  const encoding =
    body.br && accepted.encodings("br") === "br"
      ? "br"
      : body.gzip && accepted.encodings("gzip") === "gzip"
        ? "gzip"
        : "identity";
  const bytes = encoding === "br" ? body.br! : encoding === "gzip" ? body.gzip! : body.identity;
  // A strong ETag names exact bytes, so each encoding has its own.
  const etag = `"${body.tag}${encoding === "br" ? "-br" : encoding === "gzip" ? "-gz" : ""}"`;
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  if (fresh(req.headers, { etag })) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}
