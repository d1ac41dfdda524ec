import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { fileTypeFromBuffer } from "file-type";
import { parseStream } from "music-metadata";
import type { Services } from "#app/lib/services.server.ts";
import { mediaUrl } from "#app/lib/song.ts";
import { FileTooLargeError, isValidKey } from "#app/lib/storage.server.ts";
import { CoverTooLargeError, coverDerivedKeys, createCoverVariants } from "./cover-variants.server.ts";
import { ACCEPTED_TYPES, UPLOAD_LIMITS, type UploadKind } from "./upload-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";

/** What each kind accepts, by the file's own bytes (file-type's extension), never the client's word. */
const ACCEPTED: Record<UploadKind, ReadonlySet<string>> = {
  audio: new Set(ACCEPTED_TYPES.audio),
  cover: new Set(ACCEPTED_TYPES.cover),
};
/** file-type reads at most this much to decide. */
const SNIFF_BYTES = 4100;
/** Uploads no song has claimed after this long are removed. */
const ABANDONED_UPLOAD_MS = 6 * 60 * 60 * 1000;

export type UploadResult =
  | { success: true; key: string; url: string; size: number; durationMs: number | null; title: string | null }
  | { success: false; status: 400 | 413; error: string };

const folderOf = (kind: UploadKind) => (kind === "audio" ? "music" : "covers");
const invalidType = (kind: UploadKind) => (kind === "audio" ? UPLOAD_TEXT.invalidAudio : UPLOAD_TEXT.invalidImage);
const tooLarge = (kind: UploadKind) => (kind === "audio" ? UPLOAD_TEXT.audioTooLarge : UPLOAD_TEXT.imageTooLarge);

/**
 * Streams one uploaded file into storage: refuses it by its declared length,
 * by its magic bytes and by its real length while streaming (a partial file is
 * removed), then reads an audio file's duration and title, or makes a cover's
 * variants. Nothing invalid is ever left stored.
 */
export async function storeUpload(
  services: Services,
  kind: UploadKind,
  originalName: string,
  body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null,
  declaredLength: number | null,
): Promise<UploadResult> {
  const limit = UPLOAD_LIMITS[kind];
  if (declaredLength !== null && declaredLength > limit) return { success: false, status: 413, error: tooLarge(kind) };
  if (!body || declaredLength === 0) return { success: false, status: 400, error: UPLOAD_TEXT.noFile };

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
  if (headLength === 0) return { success: false, status: 400, error: UPLOAD_TEXT.noFile };
  const start = Buffer.concat(head);
  const type = await fileTypeFromBuffer(start);
  if (!type || !ACCEPTED[kind].has(type.ext)) {
    await chunks.return?.();
    return { success: false, status: 400, error: invalidType(kind) };
  }

  // Named after what the bytes are, so the file is always served with its real type.
  const baseName = originalName.replace(/\.[^./\\]*$/, "") || kind;
  const rest = Readable.from(
    (async function* () {
      yield start;
      if (!done) for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) yield chunk as Buffer;
    })(),
  );
  let stored: { key: string; size: number };
  try {
    stored = await services.storage.put(folderOf(kind), `${baseName}.${type.ext}`, rest, { maxBytes: limit });
  } catch (error) {
    if (error instanceof FileTooLargeError) return { success: false, status: 413, error: tooLarge(kind) };
    throw error;
  }
  await services.db.insertInto("pendingUploads").values({ key: stored.key, createdAt: Date.now() }).execute();

  if (kind === "cover") {
    try {
      await createCoverVariants(services.storage, stored.key);
    } catch (error) {
      console.warn(`Refused cover ${stored.key}:`, error instanceof Error ? error.message : error);
      await discardUpload(services, stored.key);
      return {
        success: false,
        status: 400,
        error: error instanceof CoverTooLargeError ? UPLOAD_TEXT.imageTooManyPixels : UPLOAD_TEXT.invalidImage,
      };
    }
    return { success: true, key: stored.key, url: mediaUrl(stored.key), size: stored.size, durationMs: null, title: null };
  }

  const tags = await readAudioTags(services, stored.key, type.mime, stored.size);
  return { success: true, key: stored.key, url: mediaUrl(stored.key), size: stored.size, ...tags };
}

async function readAudioTags(services: Services, key: string, mimeType: string, size: number) {
  const stream = await services.storage.read(key);
  if (!stream) return { durationMs: null, title: null };
  try {
    const metadata = await parseStream(stream, { mimeType, size }, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    return {
      durationMs: seconds && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      title: metadata.common.title?.trim().slice(0, 200) || null,
    };
  } catch (error) {
    console.warn(`Could not read tags of ${key}:`, error instanceof Error ? error.message : error);
    return { durationMs: null, title: null };
  } finally {
    stream.destroy();
  }
}

/** Records a file stored outside an upload (the demo) as waiting for its song. */
export async function markPendingUpload(services: Services, key: string): Promise<void> {
  await services.db.insertInto("pendingUploads").values({ key, createdAt: Date.now() }).execute();
}

/**
 * Removes an upload the admin gave up on (the wizard's Cancel), but only while
 * it is still pending: taking its pending row is the same claim a new song
 * makes (createSong), so whichever comes first wins, and a file a song already
 * uses is never deleted. Returns whether it was removed.
 */
export async function discardPendingUpload(services: Services, kind: UploadKind, key: string): Promise<boolean> {
  if (!isValidKey(key) || !key.startsWith(`${folderOf(kind)}/`)) return false;
  const claimed = await services.db.deleteFrom("pendingUploads").where("key", "=", key).returning("key").execute();
  if (claimed.length === 0) return false;
  await deleteStoredFiles(services, key);
  return true;
}

async function deleteStoredFiles(services: Services, key: string): Promise<void> {
  const keys = key.startsWith("covers/") ? [key, ...coverDerivedKeys(key)] : [key];
  await Promise.all(keys.map((k) => services.storage.delete(k)));
}

async function discardUpload(services: Services, key: string): Promise<void> {
  await deleteStoredFiles(services, key);
  await services.db.deleteFrom("pendingUploads").where("key", "=", key).execute();
}

/** Removes uploads that no song claimed within the grace period; returns how many. */
export async function sweepAbandonedUploads(services: Services, olderThanMs = ABANDONED_UPLOAD_MS): Promise<number> {
  const stale = await services.db
    .selectFrom("pendingUploads")
    .select("key")
    .where("createdAt", "<", Date.now() - olderThanMs)
    .execute();
  for (const { key } of stale) await discardUpload(services, key);
  return stale.length;
}
