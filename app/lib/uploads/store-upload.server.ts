// Streaming one uploaded file into storage, the same way for every feature
// that takes uploads: refused by its declared length, by its magic bytes and by
// its real length while streaming (a partial file is removed), then recorded
// as pending until something claims it, so a crash between storing a file and
// using it leaves nothing that the sweep will not remove.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { fileTypeFromBuffer } from "file-type";
import type { Services } from "#app/lib/platform/services.server.ts";
import { FileTooLargeError, type StorageFolder } from "#app/lib/storage/storage.server.ts";

/** file-type reads at most this much to decide. */
const SNIFF_BYTES = 4100;

export type UploadBody = WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null;

/**
 * The stored file, or why not as a reason rather than a Result: the words and
 * the status are each caller's (an audio file, a cover, a photo: 413 for
 * too large, 400 otherwise).
 */
export type StreamedUpload =
  { ok: true; key: string; size: number; ext: string; mime: string } | { ok: false; reason: "no-file" | "too-large" | "invalid-type" };

/**
 * Streams `body` into `folder`, keeping it only if its first bytes are one of
 * `accepted` (file-type's extensions, never the client's word) and it is at
 * most `maxBytes` long. The stored file is named after what its bytes are, so
 * it is always served with its real type, and is recorded as pending.
 */
export async function streamUploadIntoStorage(
  services: Services,
  options: {
    folder: StorageFolder;
    originalName: string;
    /** The name to use when the original has nothing before its extension. */
    fallbackName?: string;
    body: UploadBody;
    declaredLength: number | null;
    maxBytes: number;
    accepted: ReadonlySet<string>;
    /** Tells the type from the first bytes instead of file-type, for a format whose check is stricter than its (a PDF's header). */
    sniff?: (head: Buffer) => { ext: string; mime: string } | null;
  },
): Promise<StreamedUpload> {
  const { body, declaredLength, maxBytes } = options;
  if (declaredLength !== null && declaredLength > maxBytes) return { ok: false, reason: "too-large" };
  if (!body || declaredLength === 0) return { ok: false, reason: "no-file" };

  const chunks = Readable.fromWeb(body as WebReadableStream<Uint8Array>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let done = false;
  while (headLength < SNIFF_BYTES && !done) {
    const next = await chunks.next();
    if (next.done) done = true;
    else {
      const chunk = Buffer.from(next.value as Uint8Array);
      head.push(chunk);
      headLength += chunk.length;
    }
  }
  if (headLength === 0) return { ok: false, reason: "no-file" };
  const start = Buffer.concat(head);
  const type = options.sniff ? options.sniff(start) : await fileTypeFromBuffer(start);
  if (!type || !options.accepted.has(type.ext)) {
    await chunks.return?.();
    return { ok: false, reason: "invalid-type" };
  }

  // The name's last path part without its extension: a name ending in a folder ("a/") or a
  // lone extension (".mp3") falls back, so the key always ends in the extension the bytes proved.
  const leaf = options.originalName.split(/[/\\]/).pop() ?? "";
  const baseName = leaf.replace(/\.[^.]*$/, "").replace(/^\.+/, "") || (options.fallbackName ?? options.folder);
  const rest = Readable.from(
    (async function* () {
      yield start;
      if (!done) for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) yield chunk as Buffer;
    })(),
  );
  let stored: { key: string; size: number };
  try {
    stored = await services.storage.put(options.folder, `${baseName}.${type.ext}`, rest, { maxBytes });
  } catch (error) {
    if (error instanceof FileTooLargeError) return { ok: false, reason: "too-large" };
    throw error;
  }
  await markPendingUpload(services, stored.key);
  return { ok: true, key: stored.key, size: stored.size, ext: type.ext, mime: type.mime };
}

/** Records a stored file as waiting to be claimed (an upload, or a file the demo stored itself). */
export async function markPendingUpload(services: Services, key: string): Promise<void> {
  await services.db.insertInto("pendingUploads").values({ key, createdAt: Date.now() }).execute();
}
