// What every media path writes around the bytes: the object's own headers, and
// the short plain answers (404, 412, 416, 500) that no cache keeps.
import type { ServerResponse } from "node:http";
import { isPhotoOriginal } from "#app/domain/photo.ts";
import { isValidKey } from "#app/lib/storage/storage.server.ts";
import { strongEtag, wholeSeconds, type ObjectInfo } from "#app/lib/http/http-conditions.ts";

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** An admin hearing audio not out yet: kept by no cache, shared or the browser's own. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * Every media answer's CSP, in place of the page one: an uploaded file opened
 * directly (an SVG or HTML that got past the checks) can run nothing, load
 * nothing and reach no cookie of the site's origin.
 */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

/** The headers every media answer carries, as [name, value] pairs. */
export type HeaderPairs = [string, string][];

export function setAll(res: ServerResponse, headers: HeaderPairs) {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/**
 * A stored object /media/ may serve: audio, covers and photos, but never a
 * photo's original (its EXIF stays private). The press kit's PDFs and releases'
 * zips have their own doors (/press/files, a grant's /download/), which ask
 * their rows, so /media/ opens them to nobody, the artist included.
 */
export const servable = (key: string) => MEDIA_FOLDERS.some((folder) => key.startsWith(folder)) && isValidKey(key) && !isPhotoOriginal(key);
const MEDIA_FOLDERS = ["music/", "covers/", "photos/"] as const;

/** The key in the URL, or null for a malformed escape (%zz), which names no object. */
export function decodePath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export function setObjectHeaders(res: ServerResponse, info: ObjectInfo, cacheControl = IMMUTABLE_CACHE_CONTROL) {
  res.setHeader("Accept-Ranges", "bytes");
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", strongEtag(info));
  res.setHeader("Last-Modified", new Date(wholeSeconds(info.modified)).toUTCString());
}

/** Headers describing an object, for responses that turn out not to carry it. */
export function clearObjectHeaders(res: ServerResponse) {
  for (const name of ["ETag", "Last-Modified", "Accept-Ranges", "Cache-Control", "Content-Range", "Content-Type", "Content-Length"])
    res.removeHeader(name);
}

/** A short text answer that no cache keeps. */
export function plainAnswer(res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Content-Length", String(Buffer.byteLength(text)));
  res.end(text);
}

/** 412 or 416: the client's own doing, so nothing is logged. A 416 names the size (§15.5.17). */
export function refuse(res: ServerResponse, status: 412 | 416, size: number) {
  clearObjectHeaders(res);
  if (status === 416) res.setHeader("Content-Range", `bytes */${size}`);
  plainAnswer(res, status, status === 412 ? "Precondition failed" : "Range not satisfiable");
}

export function notFound(res: ServerResponse) {
  clearObjectHeaders(res);
  plainAnswer(res, 404, "Not found");
}
