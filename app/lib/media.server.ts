import type { NextFunction, Request, Response } from "express";
import send from "send";
import { isValidKey, type Storage } from "./storage.server.ts";

export const MEDIA_MAX_AGE = "1y";

/**
 * Serves uploaded audio and covers with `send`: byte ranges (206, 416,
 * Safari's bytes=0-1 probe), conditional requests and a year of immutable
 * caching — an object's key never changes content. The ETag is strong (size
 * and modification time of an immutable file), so If-Range can use it.
 */
export function createMediaHandler(storage: Storage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodeURIComponent(req.path.replace(/^\/+/, ""));
    if (!isValidKey(key) || !storage.localPath) return notFound(res);
    const info = await storage.stat(key).catch(() => null);
    if (!info) return notFound(res);

    res.setHeader("ETag", `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`);
    // RFC 9110: If-Range needs a strong validator; a weak one means "send it all".
    const ifRange = req.headers["if-range"];
    if (typeof ifRange === "string" && ifRange.startsWith("W/")) delete req.headers.range;

    // Dot-files are already excluded by the key pattern; send's own check would
    // also refuse a DATA_DIR that merely sits under a dotted folder.
    send(req, storage.localPath(key), { maxAge: MEDIA_MAX_AGE, immutable: true, index: false, dotfiles: "allow" })
      .on("error", (error: { status?: number }) => (error.status === 404 ? notFound(res) : next(error)))
      .pipe(res);
  };
}

function notFound(res: Response) {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Not found");
}
