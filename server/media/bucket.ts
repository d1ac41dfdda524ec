// The bucket path: an object in a remote store (S3 without a public URL) is
// streamed through us, with the same answers as a local file (answerFor).
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { contentType } from "mime-types";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { answerFor } from "#app/lib/http/http-conditions.ts";
import { IMMUTABLE_CACHE_CONTROL, notFound, refuse, setObjectHeaders } from "./responses.ts";

/**
 * What the local path does for a file, for an object in a remote store: the store's
 * stream is piped through with backpressure, a Range becomes a ranged read, and
 * a client that goes away destroys the store's stream (pipeline), so no
 * connection to the store is left open.
 */
export async function streamFromStorage(
  storage: Storage,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  cacheControl = IMMUTABLE_CACHE_CONTROL,
) {
  const info = await storage.stat(key);
  if (!info) return notFound(res);

  const answer = answerFor(req.method, req.headers, info);
  setObjectHeaders(res, info, cacheControl);
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
