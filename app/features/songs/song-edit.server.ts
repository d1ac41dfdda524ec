import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Refusal, type Result } from "#app/lib/result.ts";
import type { Song } from "#app/domain/song.ts";
import { currentArtistName } from "#app/domain/site/site-settings.server.ts";
import { isValidKey } from "#app/lib/storage/storage.server.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { deleteStoredFiles } from "#app/domain/stored-files.server.ts";
import { songEditSchema, type SongEditField } from "./schema.ts";
import { getSong, releaseInstant } from "./songs.server.ts";
import { selectSongs, toSong } from "#app/domain/song-rows.server.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";
import { releaseDayColumns } from "#app/domain/release-day.server.ts";

/** The refusals of an edit, each told apart by its status. */
type SongEditRefusal =
  /** Refused input: a message per field it belongs to, the first of them as `error`. */
  | { status: 400; fields: Partial<Record<SongEditField, string>> }
  /** Changed elsewhere since the editor opened: the song as it is now, so the editor can offer it. */
  | { status: 409; current: Song }
  /** Deleted meanwhile. */
  | { status: 404 };

export type SongEditResult = Result<{ song: Song }, SongEditRefusal>;

/** Thrown inside the transaction to roll it back, carrying the refusal. */
class Refused extends Error {
  readonly refusal: Refusal<SongEditRefusal>;
  constructor(refusal: Refusal<SongEditRefusal>) {
    super(refusal.error);
    this.refusal = refusal;
  }
}

const fieldOf = (path: readonly PropertyKey[]): SongEditField | null => {
  const [first, second] = path;
  if (first === "title") return "title";
  if (first === "coverKey") return "cover";
  if (first === "audioKey") return "audio";
  if (first === "release") return "release";
  if (first === "streamingLinks" && (second === "spotify" || second === "apple" || second === "amazon" || second === "youtube"))
    return second;
  return null;
};

/**
 * Changes a song's title, streaming links and, given fresh uploads, its cover
 * and audio; for a song not out yet, also when it comes out and whether that
 * mails the list. Its id (and so its share address) stays. All or nothing, in one
 * transaction: the song is updated only if it is still the version the editor
 * was opened on (`expectedUpdatedAt`), the new cover is claimed from the
 * pending uploads, and the content version moves so every page shows the edit.
 * The old cover's files are deleted only once that has committed; if anything
 * fails before, the song keeps its old cover and the new upload stays pending
 * (for the browser to give back, or the sweep).
 */
export async function updateSong(services: Services, input: unknown): Promise<SongEditResult> {
  const parsed = songEditSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Partial<Record<SongEditField, string>> = {};
    let error: string | null = null;
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !fields[field]) fields[field] = issue.message;
      error ??= issue.message;
    }
    return refused(400, error ?? SONG_TEXT.idRequired, { fields });
  }
  const edit = parsed.data;
  const newCover = edit.coverKey ? edit.coverKey : null;
  const refusedCover = refused(400, SONG_TEXT.coverRequired, { fields: { cover: SONG_TEXT.coverRequired } });
  if (newCover !== null) {
    if (!isValidKey(newCover) || !newCover.startsWith("covers/")) return refusedCover;
    if (!(await services.storage.stat(newCover))) return refusedCover;
  }

  const newAudio = edit.audioKey ? edit.audioKey : null;
  const refusedAudio = refused(400, SONG_TEXT.audioRequired, { fields: { audio: SONG_TEXT.audioRequired } });
  if (newAudio !== null) {
    if (!isValidKey(newAudio) || !newAudio.startsWith("music/")) return refusedAudio;
    if (!(await services.storage.stat(newAudio))) return refusedAudio;
  }

  const now = Date.now();
  const schedule = edit.release ? releaseInstant(edit.release, now) : null;
  if (schedule && !schedule.ok) return { ...schedule, fields: { release: schedule.error } };
  let old: { coverKey: string; audioKey: string };
  try {
    old = await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("songs")
        .select(["coverKey", "audioKey", "updatedAt", "released", "releaseId", "releaseMakesLatest"])
        .where("id", "=", edit.id)
        .executeTakeFirst();
      if (!row) throw new Refused(refused(404, SONG_TEXT.deleted));
      if (row.updatedAt !== edit.expectedUpdatedAt) throw new Conflict();
      if (schedule && row.released === 1) {
        throw new Refused(refused(400, RELEASE_TEXT.alreadyOut, { fields: { release: RELEASE_TEXT.alreadyOut } }));
      }
      // The same claim a new song makes: a file belongs to one song only.
      const claim = async (key: string) =>
        (await trx.deleteFrom("pendingUploads").where("key", "=", key).returning("key").execute()).length;
      if (newCover !== null && newCover !== row.coverKey && (await claim(newCover)) === 0) throw new Refused(refusedCover);
      if (newAudio !== null && newAudio !== row.audioKey && (await claim(newAudio)) === 0) throw new Refused(refusedAudio);
      const updated = await trx
        .updateTable("songs")
        .set({
          title: edit.title,
          spotifyUrl: edit.streamingLinks.spotify,
          appleUrl: edit.streamingLinks.apple,
          amazonUrl: edit.streamingLinks.amazon,
          youtubeUrl: edit.streamingLinks.youtube,
          ...(newCover !== null ? { coverKey: newCover } : {}),
          ...(newAudio !== null ? { audioKey: newAudio, durationMs: edit.durationMs ?? null } : {}),
          ...(schedule?.ok && edit.release
            ? { releaseAt: schedule.instant, releaseTimeZone: edit.release.timeZone, releaseAnnounce: edit.release.announce ? 1 : 0 }
            : {}),
          // Always a new version, even for two saves within one millisecond.
          updatedAt: Math.max(now, edit.expectedUpdatedAt + 1),
        })
        .where("id", "=", edit.id)
        // Checked again in the write itself: a change committed since the read
        // above (PostgreSQL does not hold the row) leaves this matching nothing.
        .where("updatedAt", "=", edit.expectedUpdatedAt)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Conflict();
      // The day is the release's: its other tracks coming move with this one (decision 023).
      if (schedule?.ok && edit.release) {
        const day = {
          at: schedule.instant,
          timeZone: edit.release.timeZone,
          announce: edit.release.announce,
          makesLatest: row.releaseMakesLatest === 1,
        };
        await trx
          .updateTable("songs")
          .set({ ...releaseDayColumns(day), updatedAt: now })
          .where("releaseId", "=", row.releaseId)
          .where("released", "=", 0)
          .where("id", "!=", edit.id)
          .execute();
      }
      await bumpContentVersion(trx);
      return { coverKey: row.coverKey, audioKey: row.audioKey };
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    if (error instanceof Conflict) {
      const current = await getSong(services, edit.id);
      if (!current) return refused(404, SONG_TEXT.deleted);
      return refused(409, SONG_TEXT.conflict, { current });
    }
    throw error;
  }

  if (newCover !== null && newCover !== old.coverKey) await deleteCoverFiles(services, old.coverKey);
  if (newAudio !== null && newAudio !== old.audioKey) {
    await deleteStoredFiles(services, old.audioKey).catch((error: unknown) =>
      console.error("Deleting a replaced audio file failed", error),
    );
    // Its renditions are made at once: fans hear nothing of the new audio until they exist (decision 026).
    services.media?.wake();
  }
  const row = await selectSongs(services.db).where("id", "=", edit.id).executeTakeFirst();
  if (!row) return refused(404, SONG_TEXT.deleted);
  return ok({ song: toSong(row, await currentArtistName(services.db)) });
}

class Conflict extends Error {}

/** The replaced cover and all its variants; a failure is logged, never undoes the committed edit. */
async function deleteCoverFiles(services: Services, coverKey: string): Promise<void> {
  const results = await Promise.allSettled([coverKey, ...coverDerivedKeys(coverKey)].map((key) => services.storage.delete(key)));
  for (const result of results) {
    if (result.status === "rejected") console.error("Deleting a replaced cover's file failed", result.reason);
  }
}
