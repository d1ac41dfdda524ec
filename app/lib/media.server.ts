import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { contentType } from "mime-types";
import send from "send";
import { MEDIA_PREFIX } from "./song.ts";
import { isValidKey, type Storage } from "./storage.server.ts";

export const MEDIA_MAX_AGE = "1y";
/**
 * Bytes read from disk per step. Node's default (64 KB) makes a song take
 * hundreds of round trips through the thread pool and event loop; 512 KB cuts
 * them eightfold for at most 512 KB of buffer per listener.
 */
const READ_CHUNK_BYTES = 512 * 1024;
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * The redirect to the bucket/CDN is cached briefly, not for a year: the object
 * behind it is immutable, but the operator may move S3_PUBLIC_URL.
 */
export const MEDIA_REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/**
 * Serves uploaded audio and covers at /media/<key>, one of three ways:
 * - a storage with a public (CDN) URL: a 302 there, so bytes never pass through us;
 * - local disk: `send`, the fast path;
 * - any other storage (S3 without a public URL): streamed through, with the same
 *   HTTP semantics as `send` (streamFromStorage).
 * When we serve the bytes ourselves: byte ranges (206, 416, Safari's bytes=0-1
 * probe), conditional requests and a year of immutable caching — an object's
 * key never changes content. The ETag is strong (size and modification time of
 * an immutable object), so If-Range can use it.
 */
export function createMediaHandler(storage: Storage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodePath(req.path.replace(/^\/+/, ""));
    if (key === null || !isValidKey(key)) return notFound(res);

    // No stat: the CDN answers 404 for a missing object by itself, and a stat
    // per request would cost the round trip the redirect exists to save.
    const direct = storage.publicUrl?.(key);
    if (direct) {
      res.setHeader("Cache-Control", MEDIA_REDIRECT_CACHE_CONTROL);
      return res.redirect(302, direct);
    }

    if (storage.localPath) return sendLocal(storage.localPath(key), req, res, next);
    try {
      await streamFromStorage(storage, key, req, res);
    } catch (error) {
      if (res.headersSent) return res.destroy();
      // An error page must not go out with the object's year of immutable caching.
      clearObjectHeaders(res);
      res.setHeader("Cache-Control", "no-store");
      next(error);
    }
  };
}

function sendLocal(file: string, req: IncomingMessage, res: ServerResponse, onError: (error: unknown) => void) {
  // RFC 9110: If-Range needs a strong validator; a weak one means "send it all".
  const ifRange = req.headers["if-range"];
  if (typeof ifRange === "string" && ifRange.startsWith("W/")) delete req.headers.range;

  // Dot-files are already excluded by the key pattern; send's own check would
  // also refuse a DATA_DIR that merely sits under a dotted folder.
  send(req, file, { maxAge: MEDIA_MAX_AGE, immutable: true, index: false, dotfiles: "allow", etag: false, highWaterMark: READ_CHUNK_BYTES } as send.SendOptions)
    // send's own stat, before it evaluates conditions and ranges: our strong ETag is in place for If-Range and If-None-Match.
    .on("headers", (response: ServerResponse, _path: string, stat: { size: number; mtime: Date }) => {
      response.setHeader("ETag", strongEtag({ size: stat.size, modified: stat.mtime }));
    })
    .on("error", (error: { status?: number }) => (error.status === 404 ? notFound(res) : onError(error)))
    .pipe(res);
}

/**
 * Local media for the host's raw request listener (server/index.ts), before
 * Express: a player's range requests skip the framework. Only GET and HEAD of
 * /media/<valid key>; false leaves the request to the host.
 */
export function createRawMediaHandler(storage: Storage, baseHeaders: [string, string][]) {
  const localPath = storage.localPath?.bind(storage);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!localPath || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    if (!url.startsWith(MEDIA_PREFIX) || url.includes("?")) return false;
    const key = decodePath(url.slice(MEDIA_PREFIX.length));
    if (key === null || !isValidKey(key)) return false;
    for (const [name, value] of baseHeaders) res.setHeader(name, value);
    sendLocal(localPath(key), req, res, (error) => {
      console.error(`Serving ${key} failed`, error);
      if (res.headersSent) return res.destroy();
      res.statusCode = 500;
      res.setHeader("Cache-Control", "no-store");
      res.end("Internal error");
    });
    return true;
  };
}

type ObjectInfo = { size: number; modified: Date };
type ByteRange = { start: number; end: number };

/**
 * What `send` does for a file, for an object in a remote store: the store's
 * stream is piped through with backpressure, a Range becomes a ranged read, and
 * a client that goes away destroys the store's stream (pipeline), so no
 * connection to the store is left open.
 */
async function streamFromStorage(storage: Storage, key: string, req: Request, res: Response) {
  const info = await storage.stat(key);
  if (!info) return notFound(res);

  const etag = strongEtag(info);
  // HTTP dates have whole seconds; comparisons below use the same precision.
  const modifiedSeconds = Math.floor(info.modified.getTime() / 1000) * 1000;
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", new Date(modifiedSeconds).toUTCString());

  if (preconditionFailed(req, etag, modifiedSeconds)) {
    res.status(412).type("text/plain").send("Precondition failed");
    return;
  }
  if (isFresh(req, etag, modifiedSeconds)) {
    res.status(304).end();
    return;
  }

  let range: ByteRange | undefined;
  const rangeHeader = req.headers.range;
  if (rangeHeader && rangeStillValid(req.get("if-range"), etag, modifiedSeconds)) {
    const parsed = parseByteRange(rangeHeader, info.size);
    if (parsed === "unsatisfiable") {
      res.status(416).setHeader("Content-Range", `bytes */${info.size}`);
      res.type("text/plain").send("Range not satisfiable");
      return;
    }
    range = parsed ?? undefined;
  }

  // Opened before the status is set, so an object deleted since the stat is still a clean 404.
  const body = req.method === "HEAD" ? null : await storage.read(key, range);
  if (req.method !== "HEAD" && !body) return notFound(res);

  res.setHeader("Content-Type", contentType(path.extname(key)) || "application/octet-stream");
  res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : info.size));
  if (range) res.status(206).setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  if (!body) {
    res.end();
    return;
  }
  // A listener skipping ahead or closing the tab is routine; the store failing mid-stream is worth a line.
  let listenerLeft = res.destroyed;
  res.once("close", () => {
    listenerLeft = !res.writableFinished && !body.errored;
  });
  try {
    await pipeline(body, res);
  } catch (error) {
    if (!listenerLeft) console.warn(`Streaming ${key} failed:`, error instanceof Error ? error.message : error);
  }
}

/** The same formula for every driver, so If-Range and If-None-Match behave the same everywhere. */
function strongEtag(info: ObjectInfo): string {
  return `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`;
}

/** Comma-separated entity tags, as in If-Match and If-None-Match. */
function tagList(header: string): string[] {
  return header.split(",").map((tag) => tag.trim()).filter(Boolean);
}

const weakMatch = (tag: string, etag: string) => tag.replace(/^W\//, "") === etag;

/** If-Match / If-Unmodified-Since (RFC 9110 §13.1.1, §13.1.4), as `send` checks them. */
function preconditionFailed(req: Request, etag: string, modified: number): boolean {
  const ifMatch = req.headers["if-match"];
  if (ifMatch) return ifMatch.trim() !== "*" && !tagList(ifMatch).some((tag) => weakMatch(tag, etag));
  const unmodifiedSince = Date.parse(req.headers["if-unmodified-since"] ?? "");
  return !Number.isNaN(unmodifiedSince) && modified > unmodifiedSince;
}

/**
 * If-None-Match (weak comparison), else If-Modified-Since. Like `send` (the
 * `fresh` package), a request with Cache-Control: no-cache is never answered 304.
 */
function isFresh(req: Request, etag: string, modified: number): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  const ifModifiedSince = req.headers["if-modified-since"];
  if (!ifNoneMatch && !ifModifiedSince) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch) return ifNoneMatch.trim() === "*" || tagList(ifNoneMatch).some((tag) => weakMatch(tag, etag));
  const since = Date.parse(ifModifiedSince ?? "");
  return !Number.isNaN(since) && modified <= since;
}

/**
 * If-Range (RFC 9110 §13.1.5): the range is served only if the validator is our
 * strong ETag or exactly our Last-Modified date; a weak or stale one means the
 * client's partial copy is of another version, so it gets the whole object.
 */
function rangeStillValid(ifRange: string | undefined, etag: string, modified: number): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.includes('"')) return value === etag;
  return Date.parse(value) === modified;
}

/**
 * Parses a Range header against an object of `size` bytes: `bytes=0-1`,
 * `bytes=100-`, `bytes=-500`. Returns the one range to serve, "unsatisfiable"
 * (416) when no range starts inside the object, or null to ignore the header
 * and serve the whole object: a malformed header (RFC 9110 §14.2), or several
 * ranges that stay disjoint after merging overlapping and adjacent ones. We
 * never answer multipart/byteranges; players do not need it, and `send`, our
 * local-disk path, makes the same choices.
 */
export function parseByteRange(header: string, size: number): ByteRange | "unsatisfiable" | null {
  const specs = /^bytes=(.+)$/i.exec(header.trim())?.[1]?.split(",");
  if (!specs) return null;
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const match = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    if (!match) return null;
    const [, first = "", last = ""] = match;
    if (first === "" && last === "") return null;
    if (first === "") {
      // A suffix: the last N bytes. "-0" asks for nothing, so it cannot be satisfied.
      const length = Number(last);
      if (length > 0 && size > 0) ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const start = Number(first);
    if (last !== "" && Number(last) < start) return null;
    if (start < size) ranges.push({ start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) });
  }
  if (ranges.length === 0) return "unsatisfiable";

  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end + 1) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged.length === 1 ? (merged[0] ?? null) : null;
}

/** The key in the URL, or null for a malformed escape (%zz), which names no object. */
function decodePath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Headers describing an object, for responses that turn out not to carry it. */
function clearObjectHeaders(res: ServerResponse) {
  for (const name of ["ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Content-Range"]) res.removeHeader(name);
}

function notFound(res: ServerResponse) {
  clearObjectHeaders(res);
  res.statusCode = 404;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Not found");
}
