// /media/<key> through Express: what the raw listener left (a query string, a
// storage that is not local disk). One handler, three ways to the bytes.
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { streamFromStorage } from "./bucket.ts";
import { serveLocalFile } from "./local-files.ts";
import { createOpenFiles, type OpenFiles } from "./open-files.ts";
import type { MediaGate } from "./media-gate.ts";
import {
  MEDIA_CONTENT_SECURITY_POLICY,
  PRIVATE_CACHE_CONTROL,
  clearObjectHeaders,
  decodePath,
  notFound,
  servable,
  type HeaderPairs,
} from "./responses.ts";

/**
 * Who may have what: the gate, and whether a request may hear audio `key` that
 * is not out yet (an admin's, or one signed for a private listening link).
 */
export type MediaAccess = { gate: MediaGate; mayHearWithheld(req: IncomingMessage, key: string): Promise<boolean> };

/**
 * The redirect to the bucket/CDN is cached briefly, not for a year: the object
 * behind it is immutable, but the operator may move S3_PUBLIC_URL.
 */
export const MEDIA_REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/**
 * Serves uploaded audio and covers at /media/<key>, once `access` allows it
 * (audio only once its song is out), one of three ways:
 * - a storage with a public (CDN) URL: a 302 there, so bytes never pass through us
 *   (audio only once the gate has seen it published);
 * - local disk: from the open files, as the raw listener does (local-files.ts);
 * - any other storage (S3 without a public URL): streamed through (bucket.ts).
 * When we serve the bytes ourselves, every path gives the same answer, decided
 * by `answerFor` (RFC 9110): byte ranges (206, 416, Safari's bytes=0-1 probe),
 * conditional requests (304, 412) and a year of immutable caching — an
 * object's key never changes content. The ETag is strong (size and
 * modification time of an immutable object), so If-Range can use it.
 */
export function createMediaHandler(storage: Storage, files: OpenFiles = createOpenFiles(), access?: MediaAccess) {
  const localPath = storage.localPath?.bind(storage);
  // The host has set the headers every answer carries; nothing more is fixed here.
  const fixed: HeaderPairs = [];
  // Audio a storage withholds is at its public name only once the gate has
  // seen it published; until then (a release just committed) it is streamed
  // from where it is withheld, so no fan is sent to a 404.
  const withholds = storage.publish !== undefined;
  const atPublicName = (key: string) => !withholds || !key.startsWith("music/") || access?.gate.published(key) === true;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Replaces the page CSP the host has already set.
    res.setHeader("Content-Security-Policy", MEDIA_CONTENT_SECURITY_POLICY);
    const key = decodePath(req.path.replace(/^\/+/, ""));
    if (key === null || !servable(key)) return notFound(res);

    const failed = (error: unknown) => {
      if (res.headersSent) return res.destroy();
      // An error page must not go out with the object's year of immutable caching.
      clearObjectHeaders(res);
      res.setHeader("Cache-Control", "no-store");
      next(error);
    };

    // Audio not out yet: the same 404 as a file that does not exist, but to an
    // admin or a private link's holder, who hear it from the store, kept by no
    // cache (issues #30, #35): never a bucket's address, which cannot be taken back.
    if (access && !access.gate.knownOpen(key)) {
      try {
        if (!(await access.gate.isOpen(key))) {
          if (!(await access.mayHearWithheld(req, key))) return notFound(res);
          return await streamFromStorage(storage, key, req, res, PRIVATE_CACHE_CONTROL);
        }
      } catch (error) {
        return failed(error);
      }
    }

    // No stat: the CDN answers 404 for a missing object by itself, and a stat
    // per request would cost the round trip the redirect exists to save.
    const direct = atPublicName(key) ? storage.publicUrl?.(key) : undefined;
    if (direct) {
      res.setHeader("Cache-Control", MEDIA_REDIRECT_CACHE_CONTROL);
      return res.redirect(302, direct);
    }

    if (localPath) return serveLocalFile(files, localPath, key, req, res, fixed, failed);
    try {
      await streamFromStorage(storage, key, req, res);
    } catch (error) {
      failed(error);
    }
  };
}
