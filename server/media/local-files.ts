// The local-file path: uploads on this machine's disk, answered from files kept
// open (open-files.ts). The host's raw listener (server/serve.ts) takes a plain
// GET or HEAD of /media/… before Express; the Express handler (media-handler.ts)
// takes the rest through the same function, so both give the same answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadStream, open, read, readSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { contentType } from "mime-types";
import { MEDIA_PREFIX } from "#app/domain/song.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { answerFor, strongEtag, wholeSeconds } from "#app/lib/http/http-conditions.ts";
import { createOpenFiles, type OpenFile, type OpenFiles } from "./open-files.ts";
import type { MediaGate } from "./media-gate.ts";
import {
  IMMUTABLE_CACHE_CONTROL,
  MEDIA_CONTENT_SECURITY_POLICY,
  clearObjectHeaders,
  decodePath,
  notFound,
  plainAnswer,
  refuse,
  servable,
  setAll,
  setObjectHeaders,
  type HeaderPairs,
} from "./responses.ts";

/**
 * Bytes read from disk per step. Node's default (64 KB) makes a song take
 * hundreds of round trips through the thread pool and event loop; 512 KB cuts
 * them eightfold for at most 512 KB of buffer per listener.
 */
const READ_CHUNK_BYTES = 512 * 1024;

/**
 * Local media for the host's raw request listener (server/serve.ts), before
 * Express: a player's range requests skip the framework. Only GET and HEAD of
 * /media/<valid key> without a query; false leaves the request to the host.
 * It never redirects: only media-handler.ts sends audio to a bucket, once published.
 */
export function createRawMediaHandler(
  storage: Storage,
  baseHeaders: HeaderPairs,
  files: OpenFiles = createOpenFiles(),
  gate?: Pick<MediaGate, "knownOpen">,
) {
  const localPath = storage.localPath?.bind(storage);
  const fixed: HeaderPairs = [...baseHeaders, ["Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY]];
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!localPath || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    if (!url.startsWith(MEDIA_PREFIX) || url.includes("?")) return false;
    const key = decodePath(url.slice(MEDIA_PREFIX.length));
    // Audio not known to be out goes to the Express handler, which asks the database (media-gate.ts).
    if (key === null || !servable(key) || (gate && !gate.knownOpen(key))) return false;
    serveLocalFile(files, localPath, key, req, res, fixed, (error) => {
      console.error(`Serving ${key} failed`, error);
      if (res.headersSent) return res.destroy();
      setAll(res, fixed);
      clearObjectHeaders(res);
      plainAnswer(res, 500, "Internal error");
    });
    return true;
  };
}

/**
 * A stored file's answer from the open files: `fixed` are the headers every
 * answer carries (none when the host has set them already); `failed` hears of
 * a read that went wrong, with or without the headers sent.
 */
export function serveLocalFile(
  files: OpenFiles,
  localPath: (key: string) => string,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  fixed: HeaderPairs,
  failed: (error: unknown) => void,
): void {
  files.with(key, localPath, (file) => serveOpenFile(file, key, req, res, fixed)).catch(failed);
}

/**
 * What an open file's answers share, made once per file: its entity tag and
 * its own headers for a 200 or 206 (name, value, name, value).
 */
type FileAnswers = { etag: string; headers: string[] };
/** Per set of fixed headers (the raw listener's, the Express handler's), since both read the same open files. */
const answersByFixed = new WeakMap<HeaderPairs, WeakMap<OpenFile, FileAnswers>>();
function answersOf(file: OpenFile, key: string, fixed: HeaderPairs): FileAnswers {
  let fileAnswers = answersByFixed.get(fixed);
  if (!fileAnswers) {
    fileAnswers = new WeakMap();
    answersByFixed.set(fixed, fileAnswers);
  }
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
 * The answer from a kept-open file (open-files.ts): the same answers as the
 * bucket path (answerFor), without a stat, an open and a close per request. A range or a small file is one positional read; a whole
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
