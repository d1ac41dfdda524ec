// A stored file as a download that resumes: RFC 9110's answer (answerFor, the
// same one /media/ gives) to a Range, If-Range or conditional request, as a
// fetch Response for a resource route. A broken download of a large zip then
// picks up where it stopped instead of starting again.
import { Readable } from "node:stream";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { answerFor, strongEtag, wholeSeconds } from "./http-conditions.ts";

export type DownloadHeaders = {
  /** Content-Disposition: attachment, with this name. */
  fileName: string;
  type: string;
  cacheControl: string;
};

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The answer to a GET or HEAD of stored `key`, or null when there is no such
 * object. `whenStarted` runs once a response from the file's first byte is
 * under way (a download begun, not a resumption), for counting.
 */
export async function rangedDownload(
  storage: Storage,
  key: string,
  request: Request,
  headers: DownloadHeaders,
  whenStarted?: () => Promise<void>,
): Promise<Response | null> {
  const info = await storage.stat(key);
  if (!info) return null;
  const etag = strongEtag(info);
  const answer = answerFor(request.method, Object.fromEntries(request.headers), info, etag);
  const common = new Headers({
    ETag: etag,
    "Last-Modified": new Date(wholeSeconds(info.modified)).toUTCString(),
    "Accept-Ranges": "bytes",
    "Cache-Control": headers.cacheControl,
    "X-Robots-Tag": "noindex, nofollow",
  });
  if (answer.status === 304 || answer.status === 412) return new Response(null, { status: answer.status, headers: common });
  if (answer.status === 416) {
    common.set("Content-Range", `bytes */${info.size}`);
    return new Response(null, { status: 416, headers: common });
  }
  const range = answer.status === 206 ? answer.range : undefined;
  const length = range ? range.end - range.start + 1 : info.size;
  common.set("Content-Type", headers.type);
  common.set("Content-Disposition", attachmentDisposition(headers.fileName));
  common.set("Content-Length", String(length));
  if (range) common.set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
  if (request.method === "HEAD") return new Response(null, { status: answer.status, headers: common });
  // Opened before answering, so an object deleted since the stat is a clean 404.
  const body = await storage.read(key, range);
  if (!body) return null;
  if (!range || range.start === 0) await whenStarted?.();
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: answer.status, headers: common });
}
