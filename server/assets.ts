import { createHash } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import {
  compressBrotli,
  type EncodedBody,
  type NegotiatedBody,
  negotiatedBody,
} from "./negotiated-body.ts";

/*
 * The build's hashed assets (build/client/assets), answered the way nginx's `gzip_static` answers
 * them: from bytes compressed once, by the build, never per request. Compressing a 60 kB script
 * on every request cost 5–8 ms of server CPU, some 200 times nginx's cost, and a first visit
 * asks for two dozen of them (docs/decisions/0007-prerendered-pages.md, "Assets").
 */

const gzip = promisify(zlib.gzip);

/** The text types the build emits, by extension; anything else is left to `express.static`. */
const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** A year, and never revalidated: the name changes whenever the bytes do. */
export const assetCacheControl = "public, max-age=31536000, immutable";

function compressibleFiles(assetsDir: string): string[] {
  if (!fs.existsSync(assetsDir)) return [];
  return fs
    .readdirSync(assetsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && path.extname(entry.name) in contentTypes)
    .map((entry) => entry.name);
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset, at the best quality of each: the
 * cost is paid once, at build time. A copy no smaller than the file itself is not written.
 */
export async function precompressAssets(assetsDir: string): Promise<number> {
  const files = compressibleFiles(assetsDir);
  await Promise.all(
    files.map(async (name) => {
      const file = path.join(assetsDir, name);
      const identity = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        compressBrotli(identity),
        gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < identity.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < identity.length) fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  return files.length;
}

interface Asset extends EncodedBody {
  contentType: string;
}

function readIfPresent(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

interface PrecompressedAssets {
  /** True for a GET or HEAD of a known asset at exactly its address: what `send` answers. */
  has(req: IncomingMessage): boolean;
  /** The asset in the encoding the request prefers, or 304 when the browser has it already. */
  send(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Each asset by address, answered with `leading` (the security headers) before its own, all
   * worked out once, for the answers ahead of the router (server/app.ts).
   */
  withHeaders(leading: readonly (readonly [string, string])[]): Map<string, NegotiatedBody>;
}

const ownHeaders = (asset: Asset): [string, string][] => [
  ["Content-Type", asset.contentType],
  ["Cache-Control", assetCacheControl],
];

/**
 * Loads every text asset and the compressed copies the build wrote beside it into memory (about
 * 3 MB in all). An asset without its copies (a build older than this step) is sent as it is.
 */
export function loadPrecompressedAssets(assetsDir: string, urlPrefix = "/assets/") {
  const assets = new Map<string, Asset>();
  for (const name of compressibleFiles(assetsDir)) {
    const file = path.join(assetsDir, name);
    const identity = fs.readFileSync(file);
    assets.set(`${urlPrefix}${name}`, {
      identity,
      br: readIfPresent(`${file}.br`),
      gzip: readIfPresent(`${file}.gz`),
      contentType: contentTypes[path.extname(name)]!,
      tag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    });
  }

  const plain = new Map(
    [...assets].map(([url, asset]) => [url, negotiatedBody(asset, ownHeaders(asset))]),
  );
  const served: PrecompressedAssets = {
    has: (req) =>
      (req.method === "GET" || req.method === "HEAD") &&
      req.url !== undefined &&
      assets.has(req.url) &&
      // A body on a GET is the edge guard's to judge (server/edge.ts).
      req.headers["content-length"] === undefined &&
      req.headers["transfer-encoding"] === undefined,
    send: (req, res) => plain.get(req.url ?? "")!.send(req, res),
    withHeaders: (leading) =>
      new Map(
        [...assets].map(([url, asset]) => [url, negotiatedBody(asset, ownHeaders(asset), leading)]),
      ),
  };
  return served;
}
