import { streamingServices, type StreamingLinks } from "#app/domain/song.ts";
import { discardUpload, uploadFile } from "./upload-file.ts";
import type { UploadKind } from "./upload-rules.ts";
import type { WireAnswer } from "#app/lib/http/wire.ts";

export type SongDraft = {
  audio: File;
  cover: File;
  title: string;
  links: StreamingLinks;
  isLatest: boolean;
  /** A later release: local date-time and zone, and whether it mails the list. */
  release: { at: string; timeZone: string; announce: boolean } | null;
  /** The release it joins as the last track; "" for a single of its own. */
  releaseId: string;
};
export type UploadStage = "uploading-audio" | "uploading-cover" | "saving";
export type UploadOutcome =
  /** `afterCancel`: Cancel came once the song could no longer be taken back. */
  { kind: "saved"; id: string; afterCancel: boolean } | { kind: "cancelled" } | { kind: "failed"; error: string | null };

/** The create answer, checked rather than trusted; a refusal without words has an empty `error`. */
function parseSaveAnswer(body: unknown, ok: boolean): WireAnswer<{ id: string }> {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (ok && record.success === true && typeof record.id === "string") return { success: true, id: record.id };
  return { success: false, error: typeof record.error === "string" ? record.error : "" };
}

/**
 * Adds a song: uploads its audio, then its cover (each with progress), then
 * creates it. Aborting `signal` stops it, up to the last step:
 *
 * - during an upload, the request is aborted and whatever was already stored
 *   is given back (the server also drops a file whose request was cut off), so
 *   no song and no file remain;
 * - once the create request is sent, the server may commit it at any moment,
 *   and aborting the request would only hide whether it did. So it runs to its
 *   answer, and the outcome says truthfully that the song was saved after all.
 */
export async function uploadSong(
  draft: SongDraft,
  {
    signal,
    onStage,
    onProgress,
  }: { signal: AbortSignal; onStage: (stage: UploadStage) => void; onProgress: (kind: UploadKind, percent: number) => void },
): Promise<UploadOutcome> {
  const stored: { kind: UploadKind; key: string }[] = [];
  try {
    onStage("uploading-audio");
    const audio = await uploadFile("audio", draft.audio, (percent) => onProgress("audio", percent), signal);
    stored.push({ kind: "audio", key: audio.key });
    onStage("uploading-cover");
    const cover = await uploadFile("cover", draft.cover, (percent) => onProgress("cover", percent), signal);
    stored.push({ kind: "cover", key: cover.key });
    signal.throwIfAborted();

    onStage("saving");
    const form = new FormData();
    form.set("intent", "create-song");
    form.set("title", draft.title);
    form.set("audioKey", audio.key);
    form.set("coverKey", cover.key);
    if (audio.durationMs !== null) form.set("durationMs", String(audio.durationMs));
    for (const service of streamingServices) form.set(service.key, draft.links[service.key]);
    if (draft.isLatest) form.set("isLatest", "on");
    if (draft.releaseId) form.set("releaseId", draft.releaseId);
    if (draft.release) {
      form.set("releaseAt", draft.release.at);
      form.set("releaseTimeZone", draft.release.timeZone);
      if (draft.release.announce) form.set("announce", "on");
    }
    // Deliberately without `signal`: see above.
    const response = await fetch("/api/songs", { method: "POST", body: form });
    const answer = parseSaveAnswer(await response.json().catch(() => null), response.ok);
    if (answer.success) return { kind: "saved", id: answer.id, afterCancel: signal.aborted };
    throw new Error(answer.error);
  } catch (error) {
    // Files no song claimed go back at once rather than at the server's sweep.
    // The server removes only unclaimed ones, so a save that did commit (its
    // answer lost on the way) keeps its files.
    await Promise.all(stored.map((file) => discardUpload(file.kind, file.key)));
    if (signal.aborted) return { kind: "cancelled" };
    return { kind: "failed", error: error instanceof Error && error.message ? error.message : null };
  }
}
