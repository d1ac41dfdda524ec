import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createReadStream, open, read, readSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { contentType } from "mime-types";
import send from "send";
import { MEDIA_PREFIX } from "#app/lib/song.ts";
import { isPhotoOriginal } from "#app/lib/photo.ts";
import { isValidKey, type Storage } from "#app/lib/storage.server.ts";
import { createOpenFiles, type OpenFile } from "./open-files.ts";

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
 * Every media answer's CSP, in place of the page one: an uploaded file opened
 * directly (an SVG or HTML that got past the checks) can run nothing, load
 * nothing and reach no cookie of the site's origin.
 */
const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/**
 * Serves uploaded audio and covers at /media/<key>, one of three ways:
 * - a storage with a public (CDN) URL: a 302 there, so bytes never pass through us;
 * - local disk: `send`, the fast path;
 * - any other storage (S3 without a public URL): streamed through (streamFromStorage).
 * When we serve the bytes ourselves, every path gives the same answer, decided
 * by `answerFor` (RFC 9110): byte ranges (206, 416, Safari's bytes=0-1 probe),
 * conditional requests (304, 412) and a year of immutable caching — an
 * object's key never changes content. The ETag is strong (size and
 * modification time of an immutable object), so If-Range can use it.
 */
export function createMediaHandler(storage: Storage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Replaces the page CSP the host has already set.
    res.setHeader("Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY);
    const key = decodePath(req.path.replace(/^\/+/, ""));
    if (key === null || !servable(key)) return notFound(res);

    // No stat: the CDN answers 404 for a missing object by itself, and a stat
    // per request would cost the round trip the redirect exists to save.
    const direct = storage.publicUrl?.(key);
    if (direct) {
      res.setHeader("Cache-Control", MEDIA_REDIRECT_CACHE_CONTROL);
      return res.redirect(302, direct);
    }

    const failed = (error: unknown) => {
      if (res.headersSent) return res.destroy();
      // An error page must not go out with the object's year of immutable caching.
      clearObjectHeaders(res);
      res.setHeader("Cache-Control", "no-store");
      next(error);
    };
    if (storage.localPath) return sendLocal(storage.localPath(key), req, res, failed);
    try {
      await streamFromStorage(storage, key, req, res);
    } catch (error) {
      failed(error);
    }
  };
}

/**
 * Local media for the host's raw request listener (server/index.ts), before
 * Express: a player's range requests skip the framework. Only GET and HEAD of
 * /media/<valid key>; false leaves the request to the host.
 */
export function createRawMediaHandler(storage: Storage, baseHeaders: [string, string][], files = createOpenFiles()) {
  const localPath = storage.localPath?.bind(storage);
  const fixed: HeaderPairs = [...baseHeaders, ["Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY]];
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!localPath || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    if (!url.startsWith(MEDIA_PREFIX) || url.includes("?")) return false;
    const key = decodePath(url.slice(MEDIA_PREFIX.length));
    if (key === null || !servable(key)) return false;
    files
      .with(key, localPath, (file) => serveOpenFile(file, key, req, res, fixed))
      .catch((error: unknown) => {
        console.error(`Serving ${key} failed`, error);
        if (res.headersSent) return res.destroy();
        setAll(res, fixed);
        clearObjectHeaders(res);
        plainAnswer(res, 500, "Internal error");
      });
    return true;
  };
}

/** The headers every media answer carries, as [name, value] pairs. */
type HeaderPairs = [string, string][];

function setAll(res: ServerResponse, headers: HeaderPairs) {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/**
 * What an open file's answers share, made once per file: its entity tag and
 * its own headers for a 200 or 206 (name, value, name, value).
 */
type FileAnswers = { etag: string; headers: string[] };
const fileAnswers = new WeakMap<OpenFile, FileAnswers>();
function answersOf(file: OpenFile, key: string, fixed: HeaderPairs): FileAnswers {
  let answers = fileAnswers.get(file);
  if (!answers) {
    const info = { size: file.size, modified: file.modified };
    const etag = strongEtag(info);
    answers = {
      etag,
      headers: [
        ...fixed.flat(),
        "Accept-Ranges",
        "bytes",
        "Cache-Control",
        IMMUTABLE_CACHE_CONTROL,
        "ETag",
        etag,
        "Last-Modified",
        new Date(wholeSeconds(info.modified)).toUTCString(),
        "Content-Type",
        contentType(path.extname(key)) || "application/octet-stream",
      ],
    };
    fileAnswers.set(file, answers);
  }
  return answers;
}

/**
 * Bodies up to this size (a player's range, a cover or photo variant) are read
 * in one synchronous step and sent with one write. Synchronous as nginx's
 * reads are: for a file in the page cache, copying 256 KB takes tens of
 * microseconds, less than a trip through the thread pool and back (the range
 * benchmark went from 0.25 to about 0.45 of nginx with this alone); a bigger
 * body streams.
 */
const ONE_READ_BYTES = 256 * 1024;

/**
 * The file functions of a stream reading a descriptor other requests share. A
 * read stream closes its descriptor when it is destroyed, `autoClose: false`
 * or not (Node 24), and a listener who seeks or leaves destroys it: the shared
 * handle's number would then be closed under it, reused by the next file
 * opened, and the handle would read, and at last close, that other file.
 */
const SHARED_FD = { open, read, close: (_fd: number, done: (error: NodeJS.ErrnoException | null) => void) => done(null) };

/**
 * The raw path's answer from a kept-open file (open-files.ts): the same
 * answers as `send` and the S3 path (answerFor), without a stat, an open and
 * a close per request. A range or a small file is one positional read; a whole
 * song is streamed from the shared handle at positions, so listeners do not
 * share a file offset.
 */
async function serveOpenFile(file: OpenFile | null, key: string, req: IncomingMessage, res: ServerResponse, fixed: HeaderPairs) {
  if (!file) {
    setAll(res, fixed);
    return notFound(res);
  }
  const info = { size: file.size, modified: file.modified };
  const answers = answersOf(file, key, fixed);
  const answer = answerFor(req.method, req.headers, info, answers.etag);
  if (answer.status !== 200 && answer.status !== 206) {
    setAll(res, fixed);
    setObjectHeaders(res, info);
    if (answer.status === 304) {
      res.statusCode = 304;
      res.end();
      return;
    }
    return refuse(res, answer.status, info.size);
  }
  const range = answer.status === 206 ? answer.range : { start: 0, end: info.size - 1 };
  const length = Math.max(0, range.end - range.start + 1);
  // One call with every header, made once per file but the length and range: setHeader validates each on every call.
  const headers = [...answers.headers, "Content-Length", String(length)];
  if (answer.status === 206) headers.push("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  res.writeHead(answer.status, headers);
  if (req.method === "HEAD" || length === 0) {
    res.end();
    return;
  }
  if (file.bytes) {
    // Immutable for as long as anyone holds it (open-files.ts), so a slice needs no copy.
    res.end(file.bytes.subarray(range.start, range.end + 1));
    return;
  }
  if (length <= ONE_READ_BYTES) {
    const body = Buffer.allocUnsafe(length);
    // The handle stays open until this request is done (open-files.ts), so its fd is this file's.
    const bytesRead = readSync(file.handle.fd, body, 0, length, range.start);
    if (bytesRead !== length) throw new Error(`${key} is shorter than its size said`);
    res.end(body);
    return;
  }
  // By descriptor, not through the FileHandle (whose streams each add a listener to it); the
  // handle stays open until this request is done.
  const body = createReadStream("", {
    fd: file.handle.fd,
    start: range.start,
    end: range.end,
    autoClose: false,
    fs: SHARED_FD,
    highWaterMark: READ_CHUNK_BYTES,
  });
  try {
    await pipeline(body, res);
  } catch {
    // A listener skipping ahead or closing the tab is routine.
  }
}

/** A stored object the public may fetch: any upload but a photo's original (its EXIF stays private). */
const servable = (key: string) => isValidKey(key) && !isPhotoOriginal(key);

type ObjectInfo = { size: number; modified: Date };
type ByteRange = { start: number; end: number };
/** What a GET or HEAD of an existing object gets. */
type MediaAnswer = { status: 200 | 304 | 412 | 416 } | { status: 206; range: ByteRange };

/**
 * `send` reads the file and answers its 412 and 416 through our error handler
 * (so they are plain, uncached and unlogged), but it does not decide them: its
 * own rules differ from RFC 9110's (it answers bytes=5-2 and an oversize
 * suffix with 416, compares If-Match weakly, takes any date Date.parse reads,
 * gives HEAD a range). On its stat ('file', emitted before it looks at the
 * request) we decide with `answerFor`, as the other paths do, and leave it
 * only request headers it cannot read another way (dictateTo).
 */
function sendLocal(file: string, req: IncomingMessage, res: ServerResponse, failed: (error: unknown) => void) {
  let size = 0;
  // Dot-files are already excluded by the key pattern; send's own check would
  // also refuse a DATA_DIR that merely sits under a dotted folder.
  const options: send.SendOptions = { index: false, dotfiles: "allow", etag: false, lastModified: false, cacheControl: false };
  send(req, file, { ...options, highWaterMark: READ_CHUNK_BYTES } as send.SendOptions)
    .on("file", (_path: string, stat: { size: number; mtime: Date }) => {
      const info = { size: stat.size, modified: stat.mtime };
      size = info.size;
      setObjectHeaders(res, info);
      dictateTo(req, answerFor(req.method, req.headers, info), info);
    })
    .on("error", (error: { status?: number }) => {
      const status = error.status ?? 500;
      if (status === 404) notFound(res);
      else if (status === 412 || status === 416) refuse(res, status, size);
      else failed(error);
    })
    .pipe(res);
}

/** The request headers that make `send` give `answer`, and no other. */
function dictateTo(req: IncomingMessage, answer: MediaAnswer, info: ObjectInfo) {
  for (const name of ["range", "if-range", "if-match", "if-none-match", "if-modified-since", "if-unmodified-since", "cache-control"])
    delete req.headers[name];
  // An empty entity tag is no object's.
  if (answer.status === 412) req.headers["if-match"] = '""';
  if (answer.status === 304) req.headers["if-none-match"] = strongEtag(info);
  // Starts at the end, so it is unsatisfiable even for an empty file.
  if (answer.status === 416) req.headers.range = `bytes=${info.size}-`;
  if (answer.status === 206) req.headers.range = `bytes=${answer.range.start}-${answer.range.end}`;
}

/**
 * What `send` does for a file, for an object in a remote store: the store's
 * stream is piped through with backpressure, a Range becomes a ranged read, and
 * a client that goes away destroys the store's stream (pipeline), so no
 * connection to the store is left open.
 */
async function streamFromStorage(storage: Storage, key: string, req: IncomingMessage, res: ServerResponse) {
  const info = await storage.stat(key);
  if (!info) return notFound(res);

  const answer = answerFor(req.method, req.headers, info);
  setObjectHeaders(res, info);
  if (answer.status === 412 || answer.status === 416) return refuse(res, answer.status, info.size);
  if (answer.status === 304) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const range = answer.status === 206 ? answer.range : undefined;

  // Opened before the status is set, so an object deleted since the stat is still a clean 404.
  const body = req.method === "HEAD" ? null : await storage.read(key, range);
  if (req.method !== "HEAD" && !body) return notFound(res);

  const length = range ? range.end - range.start + 1 : info.size;
  res.setHeader("Content-Type", contentType(path.extname(key)) || "application/octet-stream");
  res.setHeader("Content-Length", String(length));
  if (range) {
    res.statusCode = 206;
    res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  }
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
    await pipeline(body, firstBytes(length), res);
  } catch (error) {
    if (!listenerLeft) console.warn(`Streaming ${key} failed:`, error instanceof Error ? error.message : error);
  }
}

/**
 * At most `length` bytes of the store's stream. A store that ignores a range's
 * end (the loopback S3 server does, for bytes=0-0) would otherwise put bytes
 * past our Content-Length on a kept-alive connection, where the client reads
 * them as the start of the next response. Returning early destroys the source.
 */
function firstBytes(length: number) {
  return async function* (source: AsyncIterable<Buffer>) {
    let left = length;
    for await (const chunk of source) {
      if (chunk.length >= left) {
        yield chunk.subarray(0, left);
        return;
      }
      left -= chunk.length;
      yield chunk;
    }
  };
}

function setObjectHeaders(res: ServerResponse, info: ObjectInfo) {
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  res.setHeader("ETag", strongEtag(info));
  res.setHeader("Last-Modified", new Date(wholeSeconds(info.modified)).toUTCString());
}

/**
 * RFC 9110's answer to a GET or HEAD of an existing object, in its order
 * (§13.2.2): If-Match, else If-Unmodified-Since (412); If-None-Match, else
 * If-Modified-Since (304); then If-Range and Range (206, 416, or the whole).
 */
function answerFor(method: string | undefined, headers: IncomingHttpHeaders, info: ObjectInfo, etag = strongEtag(info)): MediaAnswer {
  // HTTP dates have whole seconds; Last-Modified is compared at that precision.
  const modified = wholeSeconds(info.modified);
  if (preconditionFailed(headers, etag, modified)) return { status: 412 };
  if (notModified(headers, etag, modified)) return { status: 304 };
  // §14.2: range handling is defined for GET only; a HEAD gets the whole object's headers.
  const rangeHeader = headers.range;
  if (method !== "GET" || rangeHeader === undefined || !rangeStillValid(joined(headers["if-range"]), etag, modified))
    return { status: 200 };
  const range = parseByteRange(rangeHeader, info.size);
  if (range === "unsatisfiable") return { status: 416 };
  return range ? { status: 206, range } : { status: 200 };
}

/** The same formula for every driver, so If-Range and If-None-Match behave the same everywhere. */
function strongEtag(info: ObjectInfo): string {
  return `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`;
}

const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** Node types headers it does not know as possibly repeated; it joins repeats of them with commas. */
const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** A header a client sent empty is treated as not sent, as `send` and most servers do. */
const present = (value: string | undefined): value is string => value !== undefined && trimOws(value) !== "";

/** If-Match with strong comparison (§13.1.1), else If-Unmodified-Since (§13.1.4). */
function preconditionFailed(headers: IncomingHttpHeaders, etag: string, modified: number): boolean {
  const ifMatch = headers["if-match"];
  if (present(ifMatch)) return trimOws(ifMatch) !== "*" && !entityTags(ifMatch).includes(etag);
  const since = parseHttpDate(headers["if-unmodified-since"]);
  return since !== null && modified > since;
}

/** If-None-Match with weak comparison (§13.1.2), else If-Modified-Since (§13.1.3). */
function notModified(headers: IncomingHttpHeaders, etag: string, modified: number): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (present(ifNoneMatch)) return trimOws(ifNoneMatch) === "*" || entityTags(ifNoneMatch).some((tag) => tag.replace(/^W\//, "") === etag);
  const since = parseHttpDate(headers["if-modified-since"]);
  return since !== null && modified <= since;
}

/**
 * If-Range (§13.1.5): the range is served only if the validator is our strong
 * ETag or exactly our Last-Modified date; a weak or stale one means the
 * client's partial copy is of another version, so it gets the whole object.
 */
function rangeStillValid(ifRange: string | undefined, etag: string, modified: number): boolean {
  if (!present(ifRange)) return true;
  const value = trimOws(ifRange);
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag;
  return parseHttpDate(value) === modified;
}

/** One element of an entity-tag list, and the comma or end after it; linear, whatever the input. */
const ENTITY_TAG_ELEMENT = /[ \t]*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")?[ \t]*(,|$)/y;

/**
 * The entity tags in an If-Match or If-None-Match list (§8.8.3, empty elements
 * allowed). A list that is not one matches nothing: "*" is handled by the caller.
 */
function entityTags(header: string): string[] {
  const element = new RegExp(ENTITY_TAG_ELEMENT);
  const tags: string[] = [];
  for (;;) {
    const match = element.exec(header);
    if (!match) return [];
    if (match[1]) tags.push(match[1]);
    if (match[2] === "") return tags;
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850_DATE =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * An HTTP-date (RFC 9110 §5.6.7: IMF-fixdate and the two obsolete forms) in
 * epoch milliseconds, or null. A condition whose date is not one is ignored
 * (§13.1.3, §13.1.4), so "1" or "2024-01-01", which Date.parse reads, are not dates here.
 */
export function parseHttpDate(value: string | undefined): number | null {
  const fields = value === undefined ? null : httpDateFields(trimOws(value));
  if (!fields) return null;
  const [day = "", month = "", yearText = "", hour = "", minute = "", second = ""] = fields;
  let year = Number(yearText);
  // §5.6.7: a two-digit year (rfc850-date) more than 50 years ahead is the last such year in the past.
  if (yearText.length === 2) year += year + 2000 > new Date().getUTCFullYear() + 50 ? 1900 : 2000;
  return utcTime(year, MONTHS.indexOf(month), Number(day), Number(hour), Number(minute), Number(second));
}

/** Day, month, year, hour, minute, second, as written, whichever of the three forms `text` is in. */
function httpDateFields(text: string): (string | undefined)[] | null {
  const fixed = IMF_FIXDATE.exec(text) ?? RFC850_DATE.exec(text);
  if (fixed) return fixed.slice(1);
  const asctime = ASCTIME_DATE.exec(text);
  return asctime ? [asctime[2]?.trim(), asctime[1], asctime[6], asctime[3], asctime[4], asctime[5]] : null;
}

/** The instant, or null for a day the month lacks or a time no clock shows (60 s allows a leap second). */
function utcTime(year: number, month: number, day: number, hour: number, minute: number, second: number): number | null {
  if (month < 0 || hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0-99 are not 1900-1999.
  date.setUTCFullYear(year, month, day);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month) return null;
  date.setUTCHours(hour, minute, second);
  return date.getTime();
}

/** Optional whitespace (§5.6.3) is spaces and tabs only; String#trim would also take NBSP. */
function trimOws(text: string): string {
  const ows = (index: number) => text[index] === " " || text[index] === "\t";
  let start = 0;
  let end = text.length;
  while (start < end && ows(start)) start++;
  while (end > start && ows(end - 1)) end--;
  return text.slice(start, end);
}

/** Compares two runs of decimal digits exactly, however long (Number would round them). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Parses a Range header against an object of `size` bytes (RFC 9110 §14.1.2):
 * `bytes=0-1`, `bytes=100-`, `bytes=-500`. Returns the one range to serve,
 * "unsatisfiable" (416) when no range overlaps the object, or null to ignore
 * the header and serve the whole object: invalid syntax (which §14.2 lets a
 * server ignore: `bytes=5-2`, `items=0-1`, `bytes=abc`), or several ranges
 * that stay disjoint after merging overlapping and adjacent ones. We never
 * answer multipart/byteranges; players do not need it. Numbers of any length
 * are fine: one past the end of any object is simply past its end.
 */
export function parseByteRange(header: string, size: number): ByteRange | "unsatisfiable" | null {
  const value = trimOws(header);
  if (!/^bytes=/i.test(value)) return null;
  // §5.6.1.2: empty list elements are allowed and ignored.
  const specs = value
    .slice("bytes=".length)
    .split(",")
    .map(trimOws)
    .filter((spec) => spec !== "");
  if (specs.length === 0) return null;
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const match = /^(\d*)-(\d*)$/.exec(spec);
    const [, first = "", last = ""] = match ?? [];
    if (!match || (first === "" && last === "")) return null;
    if (first === "") {
      const length = Number(last);
      // "-0" asks for nothing, so it cannot be satisfied; on an empty object any other suffix is all of it.
      if (length === 0) continue;
      if (size === 0) return null;
      ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    if (last !== "" && compareDigits(last, first) < 0) return null;
    const start = Number(first);
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

/** Headers describing an object (or set by `send` for it), for responses that turn out not to carry it. */
function clearObjectHeaders(res: ServerResponse) {
  for (const name of ["ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Content-Range", "Content-Type", "Content-Length"])
    res.removeHeader(name);
}

/** A short text answer that no cache keeps. */
function plainAnswer(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", String(Buffer.byteLength(text)));
  res.end(text);
}

/** 412 or 416: the client's own doing, so nothing is logged. A 416 names the size (§15.5.17). */
function refuse(res: ServerResponse, status: 412 | 416, size: number) {
  clearObjectHeaders(res);
  if (status === 416) res.setHeader("Content-Range", `bytes */${size}`);
  plainAnswer(res, status, status === 412 ? "Precondition failed" : "Range not satisfiable");
}

function notFound(res: ServerResponse) {
  clearObjectHeaders(res);
  plainAnswer(res, 404, "Not found");
}
