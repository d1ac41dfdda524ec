import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { isValidKey } from "#app/lib/storage/storage.server.ts";
import { deleteStoredFiles, discardIfPending } from "#app/domain/stored-files.server.ts";
import { copyCover } from "./cover-copy.server.ts";
import { RELEASE_COVER_TEXT, SONG_TEXT } from "./ui-text.ts";

class Refused extends Error {}

/**
 * A release's new cover, on every one of its tracks (each wears its own copy,
 * as a track added to it does: deleting one track never takes a cover another
 * still shows). The upload is claimed and every track changed in one
 * transaction; the old covers' files go only once that has committed. A
 * refusal leaves every track as it was, and the copies made for it go at once.
 */
export async function replaceReleaseCover(
  services: Services,
  input: { releaseId?: string; coverKey?: string },
): Promise<Result<{ message: string }>> {
  const releaseId = input.releaseId?.trim() ?? "";
  const coverKey = input.coverKey?.trim() ?? "";
  if (!isValidKey(coverKey) || !coverKey.startsWith("covers/") || !(await services.storage.stat(coverKey)))
    return refused(400, SONG_TEXT.coverRequired);
  const tracks = releaseId
    ? await services.db.selectFrom("songs").select(["id", "coverKey"]).where("releaseId", "=", releaseId).orderBy("trackNumber").execute()
    : [];
  if (tracks.length === 0) {
    await discardIfPending(services, "covers", coverKey);
    return refused(404, RELEASE_COVER_TEXT.noTracks);
  }
  const copies: string[] = [];
  for (let place = 1; place < tracks.length; place++) {
    const copy = await copyCover(services, coverKey);
    if (copy) copies.push(copy);
  }
  const keys = [coverKey, ...copies];
  const now = Date.now();
  try {
    if (keys.length !== tracks.length) throw new Refused(SONG_TEXT.coverRequired);
    await services.db.transaction().execute(async (trx) => {
      const claimed = await trx.deleteFrom("pendingUploads").where("key", "in", keys).returning("key").execute();
      if (claimed.length !== keys.length) throw new Refused(SONG_TEXT.coverRequired);
      for (const [index, track] of tracks.entries()) {
        const key = keys[index] ?? coverKey;
        // Only the tracks still on this release, as read above: one moved away meanwhile keeps its own cover.
        const changed = await trx
          .updateTable("songs")
          .set({ coverKey: key, updatedAt: now })
          .where("id", "=", track.id)
          .where("releaseId", "=", releaseId)
          .where("coverKey", "=", track.coverKey)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) throw new Refused(RELEASE_COVER_TEXT.changedMeanwhile);
      }
      await bumpContentVersion(trx);
    });
  } catch (error) {
    for (const key of keys) await discardIfPending(services, "covers", key);
    if (error instanceof Refused) return refused(error.message === RELEASE_COVER_TEXT.changedMeanwhile ? 409 : 400, error.message);
    throw error;
  }
  for (const track of tracks) {
    await deleteStoredFiles(services, track.coverKey).catch((error: unknown) => console.error("Deleting a replaced cover failed", error));
  }
  return ok({ message: RELEASE_COVER_TEXT.replaced(tracks.length) });
}
