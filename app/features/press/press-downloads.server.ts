import { Readable } from "node:stream";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { attachment } from "./press-paths.ts";

/** How long a download may be kept by a browser or a CDN: a removed file or photo is gone from everywhere soon after. */
const DOWNLOAD_MAX_AGE_SECONDS = 300;

/** A download's answer: the bytes streamed, saved under `fileName`, never sniffed or run as a page. */
export function downloadResponse(body: Readable, options: { fileName: string; type: string; size?: number }): Response {
  const headers = new Headers({
    "Content-Type": options.type,
    "Content-Disposition": attachment(options.fileName),
    "Cache-Control": `public, max-age=${DOWNLOAD_MAX_AGE_SECONDS}`,
    // A PDF opened from here runs no script of ours and reaches nothing.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (options.size !== undefined) headers.set("Content-Length", String(options.size));
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
}

/** A stored file as a download, or null when it is not (or no longer) in storage. */
export async function storedDownload(storage: Storage, key: string, fileName: string, type: string): Promise<Response | null> {
  const [stat, body] = await Promise.all([storage.stat(key), storage.read(key)]);
  if (!stat || !body) {
    body?.destroy();
    return null;
  }
  return downloadResponse(body, { fileName, type, size: stat.size });
}
