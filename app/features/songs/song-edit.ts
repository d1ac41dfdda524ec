import { streamingServices, type Song, type StreamingLinks } from "#app/domain/song.ts";
import { toZonedLocal } from "#app/lib/time/zoned-time.ts";
import type { SongEditField } from "./schema.ts";
import { discardUpload, uploadFile } from "./upload-file.ts";
import type { UploadKind } from "./upload-rules.ts";

/** A scheduled song's new time: a local date-time in `timeZone`, and whether it mails the list. */
export type ReleaseEdit = { at: string; timeZone: string; announce: boolean };

const browserZone = () => (typeof Intl === "undefined" ? "UTC" : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
/** A scheduled song's time as the artist set it (their zone), for the fields to start from. */
export const releaseOf = (song: Song): ReleaseEdit | null => {
  if (song.released || song.releaseAt === null) return null;
  const timeZone = song.releaseTimeZone ?? browserZone();
  return { at: toZonedLocal(song.releaseAt, timeZone), timeZone, announce: song.releaseAnnounce };
};
export const sameRelease = (a: ReleaseEdit | null, b: ReleaseEdit | null) =>
  a === b || (a !== null && b !== null && a.at === b.at && a.timeZone === b.timeZone && a.announce === b.announce);
export type SongEditDraft = { title: string; links: StreamingLinks; cover: File | null; audio: File | null; release: ReleaseEdit | null };
export type SongEditStage = "uploading-audio" | "uploading-cover" | "saving";
export type SongEditOutcome =
  | { kind: "saved"; song: Song }
  | { kind: "invalid"; error: string; fields: Partial<Record<SongEditField, string>> }
  | { kind: "conflict"; error: string; current: Song }
  | { kind: "deleted"; error: string }
  | { kind: "cancelled" }
  | { kind: "failed"; error: string | null };

// The server's answer (app/routes/api.songs.ts) is checked rather than
// trusted; by hand, as in upload-file.ts, to keep zod out of the dashboard's script.
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

type Check = (value: unknown) => boolean;
const isBoolean: Check = (value) => typeof value === "boolean";
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

/** Every field of a Song but its links, with what its value must be: the compiler keeps this list whole. */
const SONG_FIELDS = {
  id: isString,
  title: isString,
  path: isString,
  releasePath: isString,
  releaseId: isString,
  releaseTitle: isString,
  releaseKind: (value) => value === "album" || value === "ep" || value === "single",
  artist: isString,
  audioUrl: isString,
  opusUrl: (value) => value === undefined || value === null || isString(value),
  waveform: (value) => value === undefined || value === null || isString(value),
  gain: (value) => value === undefined || value === null || (isRecord(value) && isNumber(value.track) && isNumber(value.album)),
  coverUrl: isString,
  coverKey: isString,
  isLatest: isBoolean,
  durationMs: orNull(isNumber),
  createdAt: isNumber,
  updatedAt: isNumber,
  released: isBoolean,
  releaseAt: orNull(isNumber),
  releaseTimeZone: orNull(isString),
  releaseAnnounce: isBoolean,
  explicit: isBoolean,
  isrc: isString,
  measure: (value) =>
    value === undefined || (isRecord(value) && (value.state === "measured" || value.state === "measuring" || value.state === "failed")),
  streaming: (value) =>
    value === undefined || (isRecord(value) && (value.state === "ready" || value.state === "preparing" || value.state === "failed")),
} satisfies Record<Exclude<keyof Song, "streamingLinks">, Check>;

function parseSong(value: unknown): Song | null {
  if (!isRecord(value) || !isRecord(value.streamingLinks)) return null;
  const song: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(SONG_FIELDS)) {
    if (!check(value[field])) return null;
    song[field] = value[field];
  }
  const links: Record<string, string> = {};
  for (const { key } of streamingServices) {
    const link = value.streamingLinks[key];
    if (!isString(link)) return null;
    links[key] = link;
  }
  // Each field passed its check above, and SONG_FIELDS names every one.
  return { ...song, streamingLinks: links } as Song;
}

const FIELDS: readonly SongEditField[] = ["title", "cover", "audio", "release", ...streamingServices.map((service) => service.key)];
function parseFields(value: unknown): Partial<Record<SongEditField, string>> {
  const fields: Partial<Record<SongEditField, string>> = {};
  if (!isRecord(value)) return fields;
  for (const field of FIELDS) {
    const message = value[field];
    if (isString(message)) fields[field] = message;
  }
  return fields;
}

function parseAnswer(status: number, body: unknown): SongEditOutcome {
  const record = isRecord(body) ? body : {};
  const error = isString(record.error) ? record.error : null;
  if (status === 200 && record.success === true) {
    const song = parseSong(record.song);
    if (song) return { kind: "saved", song };
  }
  if (status === 409) {
    const current = parseSong(record.current);
    if (current && error) return { kind: "conflict", error, current };
  }
  if (status === 404 && error) return { kind: "deleted", error };
  if (status === 400 && error) return { kind: "invalid", error, fields: parseFields(record.fields) };
  return { kind: "failed", error };
}

/**
 * Saves an edit of `song`: uploads a new audio file and cover first (with progress), then
 * asks the server to apply the edit against `expectedUpdatedAt`. A cover
 * upload the edit did not end up using is given back at once (the server only
 * removes uploads still unclaimed, so a save that did commit keeps its cover).
 * Aborting `signal` stops the cover upload; once the save is sent it runs to
 * its answer, so the result never hides an edit that was made.
 */
export async function saveSongEdit(
  song: { id: string },
  expectedUpdatedAt: number,
  draft: SongEditDraft,
  {
    signal,
    onStage,
    onProgress,
  }: {
    signal: AbortSignal;
    onStage: (stage: SongEditStage) => void;
    onProgress: (kind: UploadKind, percent: number) => void;
  },
): Promise<SongEditOutcome> {
  let coverKey: string | null = null;
  let audio: { key: string; durationMs: number | null } | null = null;
  let result: SongEditOutcome;
  try {
    if (draft.audio) {
      onStage("uploading-audio");
      audio = await uploadFile("audio", draft.audio, (percent) => onProgress("audio", percent), signal);
      signal.throwIfAborted();
    }
    if (draft.cover) {
      onStage("uploading-cover");
      coverKey = (await uploadFile("cover", draft.cover, (percent) => onProgress("cover", percent), signal)).key;
      signal.throwIfAborted();
    }
    onStage("saving");
    const form = new FormData();
    form.set("intent", "update-song");
    form.set("id", song.id);
    form.set("expectedUpdatedAt", String(expectedUpdatedAt));
    form.set("title", draft.title);
    if (coverKey) form.set("coverKey", coverKey);
    if (audio) {
      form.set("audioKey", audio.key);
      if (audio.durationMs !== null) form.set("durationMs", String(audio.durationMs));
    }
    if (draft.release) {
      form.set("releaseAt", draft.release.at);
      form.set("releaseTimeZone", draft.release.timeZone);
      if (draft.release.announce) form.set("announce", "on");
    }
    for (const service of streamingServices) form.set(service.key, draft.links[service.key]);
    const response = await fetch("/api/songs", { method: "POST", body: form });
    result = parseAnswer(response.status, await response.json().catch(() => null));
  } catch (error) {
    if (signal.aborted) result = { kind: "cancelled" };
    else {
      const message = error instanceof Error && error.message ? error.message : null;
      // A file's own refusal (wrong type, too large) belongs on its field.
      result =
        draft.audio && audio === null && message
          ? { kind: "invalid", error: message, fields: { audio: message } }
          : draft.cover && coverKey === null && message
            ? { kind: "invalid", error: message, fields: { cover: message } }
            : { kind: "failed", error: message };
    }
  }
  if (coverKey && result.kind !== "saved") await discardUpload("cover", coverKey);
  if (audio && result.kind !== "saved") await discardUpload("audio", audio.key);
  return result;
}
