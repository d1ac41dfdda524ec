import { parseStream } from "music-metadata";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { mediaUrl } from "#app/domain/song.ts";
import { discardIfPending, discardUpload } from "#app/domain/stored-files.server.ts";
import { streamUploadIntoStorage, type UploadBody } from "#app/lib/uploads/store-upload.server.ts";
import { ImageTooLargeError } from "#app/lib/uploads/decode-limits.server.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { ACCEPTED_TYPES, UPLOAD_LIMITS, audioTooLargeText, type UploadKind } from "./upload-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";

/** What each kind accepts, by the file's own bytes (file-type's extension), never the client's word. */
const ACCEPTED: Record<UploadKind, ReadonlySet<string>> = {
  audio: new Set(ACCEPTED_TYPES.audio),
  cover: new Set(ACCEPTED_TYPES.cover),
};

/** A stored upload (with an audio file's duration and title tag), or why not: too large (413), or not what was asked for (400). */
export type UploadResult = Result<
  { key: string; url: string; size: number; durationMs: number | null; title: string | null },
  { status: 400 | 413 }
>;

const folderOf = (kind: UploadKind) => (kind === "audio" ? ("music" as const) : ("covers" as const));
const invalidType = (kind: UploadKind) => (kind === "audio" ? UPLOAD_TEXT.invalidAudio : UPLOAD_TEXT.invalidImage);
/** The most `kind` may weigh on this site: the audio limit is the operator's (AUDIO_UPLOAD_MAX_MB). */
const limitOf = (services: Services, kind: UploadKind) => (kind === "audio" ? services.env.audioUploadMaxBytes : UPLOAD_LIMITS[kind]);
const tooLarge = (services: Services, kind: UploadKind) =>
  kind === "audio" ? audioTooLargeText(limitOf(services, kind)) : UPLOAD_TEXT.imageTooLarge;

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
  body: UploadBody,
  declaredLength: number | null,
): Promise<UploadResult> {
  const streamed = await streamUploadIntoStorage(services, {
    folder: folderOf(kind),
    originalName,
    fallbackName: kind,
    body,
    declaredLength,
    maxBytes: limitOf(services, kind),
    accepted: ACCEPTED[kind],
  });
  if (!streamed.ok) {
    if (streamed.reason === "too-large") return refused(413, tooLarge(services, kind));
    if (streamed.reason === "no-file") return refused(400, UPLOAD_TEXT.noFile);
    return refused(400, invalidType(kind));
  }
  const stored = streamed;

  if (kind === "cover") {
    try {
      await createCoverVariants(services.storage, stored.key);
    } catch (error) {
      console.warn(`Refused cover ${stored.key}:`, error instanceof Error ? error.message : error);
      await discardUpload(services, stored.key);
      return refused(400, error instanceof ImageTooLargeError ? UPLOAD_TEXT.imageTooManyPixels : UPLOAD_TEXT.invalidImage);
    }
    return ok({ key: stored.key, url: mediaUrl(stored.key), size: stored.size, durationMs: null, title: null });
  }

  const tags = await readAudioTags(services, stored.key, stored.mime, stored.size);
  return ok({ key: stored.key, url: mediaUrl(stored.key), size: stored.size, ...tags });
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

/**
 * Removes an upload the admin gave up on (the wizard's Cancel), but only while
 * it is still pending: taking its pending row is the same claim a new song
 * makes (createSong), so whichever comes first wins, and a file a song already
 * uses is never deleted. Returns whether it was removed.
 */
export async function discardPendingUpload(services: Services, kind: UploadKind, key: string): Promise<boolean> {
  return discardIfPending(services, folderOf(kind), key);
}
