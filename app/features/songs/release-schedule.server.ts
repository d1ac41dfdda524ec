import { sql } from "kysely";
import type { Db } from "#app/lib/db/db.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { streamingStatesOf } from "#app/domain/audio-renditions.server.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";

/** A release whose coming tracks have just come out, as the release's other steps need it. */
export type ReleasedRelease = {
  /** The release's id. */
  id: string;
  title: string;
  /** Whether it mails everyone on the list (else the fans who asked on its pages). */
  announce: boolean;
  /** The tracks that came out, in running order. */
  trackIds: string[];
};

/**
 * A step of a release's coming out that another part of the site owns (the
 * announcement mailing). It runs inside the release's transaction, with that
 * transaction as its database, so it happens exactly when the release does.
 * Resolves true when it queued mail, for the outbox to be woken after commit.
 */
export type ReleaseStep = (trx: Db, release: ReleasedRelease, now: number) => Promise<boolean>;

/** How often each process looks for releases whose time has come: the most a release can be late. */
const LOOK_EVERY_MS = 1_000;

/**
 * Brings out every release whose day has come: all its tracks not out yet, at
 * once (decision 023). Each release in its own transaction that starts by
 * turning `released` on for those tracks only where it is still off: of
 * several processes looking at the same moment, one gets the rows and does the
 * rest (the latest release, the cache version, `step`, once for the release),
 * and the others find nothing to do. A process killed part-way rolls the whole
 * release back, and the next look (its own after a restart, or another
 * process's) does it again from the start. Resolves the releases this call
 * brought out.
 */
export async function releaseDueSongs(
  db: Db,
  step?: ReleaseStep,
  now = Date.now(),
  /** Where renditions are made (services.media): a release waits until each track coming has them (decision 026). */
  waitForRenditions = false,
): Promise<{ released: ReleasedRelease[]; queuedMail: boolean }> {
  const due = await db
    .selectFrom("songs")
    .select("releaseId")
    .where("released", "=", 0)
    .where("releaseAt", "<=", now)
    .$if(waitForRenditions, (query) =>
      query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("songs as waiting")
              .select("waiting.id")
              .whereRef("waiting.releaseId", "=", "songs.releaseId")
              .where("waiting.released", "=", 0)
              .where("waiting.releaseAt", "<=", now)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom("audioRenditions")
                      .select("audioRenditions.audioKey")
                      .whereRef("audioRenditions.audioKey", "=", "waiting.audioKey")
                      .union(
                        selectFrom("uploadsServedUntilRenditions as early")
                          .select("early.audioKey")
                          .whereRef("early.audioKey", "=", "waiting.audioKey"),
                      ),
                  ),
                ),
              ),
          ),
        ),
      ),
    )
    .groupBy("releaseId")
    .orderBy((eb) => eb.fn.min("releaseAt"))
    .limit(50)
    .execute();
  const released: ReleasedRelease[] = [];
  let queuedMail = false;
  for (const { releaseId } of due) {
    const outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("songs")
        // A track out on upload that waited only for its renditions (its day is the moment it was
        // added) keeps its version: an editor the artist opened meanwhile still saves (decision 026).
        .set({ released: 1, updatedAt: sql<number>`case when "releaseAt" = "createdAt" then "updatedAt" else ${now} end` })
        .where("releaseId", "=", releaseId)
        .where("released", "=", 0)
        .where("releaseAt", "<=", now)
        .returning(["id", "trackNumber", "releaseMakesLatest", "releaseAnnounce"])
        .execute();
      if (claimed.length === 0) return null;
      const tracks = claimed.sort((a, b) => a.trackNumber - b.trackNumber);
      const [first] = tracks;
      if (first && tracks.some((track) => track.releaseMakesLatest === 1)) {
        // Cleared first: the database allows only one latest song at any moment.
        await trx.updateTable("songs").set({ isLatest: 0, updatedAt: now }).where("isLatest", "=", 1).execute();
        await trx.updateTable("songs").set({ isLatest: 1 }).where("id", "=", first.id).execute();
      }
      await bumpContentVersion(trx);
      const { title } = await trx.selectFrom("releases").select("title").where("id", "=", releaseId).executeTakeFirstOrThrow();
      const release: ReleasedRelease = {
        id: releaseId,
        title,
        announce: tracks.some((track) => track.releaseAnnounce === 1),
        trackIds: tracks.map((track) => track.id),
      };
      return { release, queued: step ? await step(trx, release, now) : false };
    });
    if (!outcome) continue;
    released.push(outcome.release);
    queuedMail ||= outcome.queued;
  }
  return { released, queuedMail };
}

/**
 * Looks every LOOK_EVERY_MS in this process, until stopped, so a song comes out
 * at its time with no request needed, whichever processes are running then.
 */
export function startReleaseSchedule(services: Pick<Services, "db" | "mail" | "media">, step?: ReleaseStep): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  // A database that is down fails every look: said when it starts and once a minute, not every second.
  let failingSince: number | null = null;
  let lastSaid = 0;
  const look = () => {
    if (busy) return;
    busy = true;
    running = releaseDueSongs(services.db, step, Date.now(), services.media !== undefined)
      .then(({ released, queuedMail }) => {
        if (failingSince !== null) console.log("Releasing scheduled songs works again");
        failingSince = null;
        for (const release of released) console.log(`Released "${release.title}" (${release.id}): ${release.trackIds.length} track(s)`);
        if (queuedMail) services.mail?.wake();
      })
      .catch((error: unknown) => {
        const now = Date.now();
        failingSince ??= now;
        if (now - lastSaid < 60_000) return;
        lastSaid = now;
        console.error("Releasing scheduled songs failed", error);
      })
      .finally(() => (busy = false));
  };
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The artist's "Release now" on a release with tracks coming (asked from one
 * of its tracks, or from the release): its day becomes now and all its coming
 * tracks come out through the same steps as on the day (latest, announcement),
 * here, before the answer; or, where renditions are made and a track has none
 * yet, as soon as they exist (`preparing`). A release or track gone is refused
 * as not found (404), one with nothing coming as a bad request (400).
 */
export async function releaseNow(
  db: Db,
  of: { songId: string } | { releaseId: string },
  step?: ReleaseStep,
  now = Date.now(),
  waitForRenditions = false,
): Promise<Result<{ title: string; queuedMail: boolean; preparing: boolean }>> {
  const releaseId =
    "releaseId" in of
      ? (await db.selectFrom("releases").select("id").where("id", "=", of.releaseId).executeTakeFirst())?.id
      : (await db.selectFrom("songs").select("releaseId").where("id", "=", of.songId).executeTakeFirst())?.releaseId;
  if (releaseId === undefined) return refused(404, SONG_TEXT.notFound);
  const coming = await comingTitle(db, releaseId);
  if (coming === undefined) return refused(400, RELEASE_TEXT.alreadyOut);
  if (waitForRenditions) {
    // A track whose master could not be read would keep the whole release waiting: refused, nothing moved.
    const tracks = await db
      .selectFrom("songs")
      .select(["title", "audioKey", "releaseAt"])
      .where("releaseId", "=", releaseId)
      .where("released", "=", 0)
      .execute();
    const states = await streamingStatesOf(
      db,
      tracks.map((track) => ({ ...track, released: false })),
      now,
    );
    const unreadable = tracks.find((track) => states.get(track.audioKey)?.state === "failed");
    if (unreadable) return refused(409, RELEASE_TEXT.unreadableAudio(unreadable.title));
  }
  // A track already due (waiting for its renditions) keeps its day: it is the moment it was added.
  await db
    .updateTable("songs")
    .set({ releaseAt: now })
    .where("releaseId", "=", releaseId)
    .where("released", "=", 0)
    .where("releaseAt", ">", now)
    .execute();
  const { released, queuedMail } = await releaseDueSongs(db, step, now, waitForRenditions);
  const title = released.find((release) => release.id === releaseId)?.title;
  if (title !== undefined) return ok({ title, queuedMail, preparing: false });
  const waiting = await comingTitle(db, releaseId);
  // Its tracks wait for their renditions; the schedule's next look after they exist brings it out.
  if (waiting !== undefined) return ok({ title: waiting, queuedMail: false, preparing: true });
  // Another process's look brought it out after the first statement: the artist's word was done all the same
  // (that process wakes its own mail).
  return ok({ title: coming, queuedMail: false, preparing: false });
}

/** The title of the release while any of its tracks is not out yet. */
async function comingTitle(db: Db, releaseId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("songs")
    .innerJoin("releases", "releases.id", "songs.releaseId")
    .select("releases.title")
    .where("songs.releaseId", "=", releaseId)
    .where("songs.released", "=", 0)
    .executeTakeFirst();
  return row?.title;
}
