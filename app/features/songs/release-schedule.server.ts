import type { Db } from "#app/lib/db/db.server.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";

/** A song that has just come out, as the release's other steps need it. */
export type ReleasedSong = { id: string; title: string; announce: boolean };

/**
 * A step of a song's coming out that another part of the site owns (the
 * announcement mailing). It runs inside the release's transaction, with that
 * transaction as its database, so it happens exactly when the release does.
 * Resolves true when it queued mail, for the outbox to be woken after commit.
 */
export type ReleaseStep = (trx: Db, song: ReleasedSong, now: number) => Promise<boolean>;

/** How often each process looks for songs whose time has come: the most a release can be late. */
const LOOK_EVERY_MS = 1_000;

/**
 * Brings out every scheduled song whose time has come. Each song in its own
 * transaction that starts by turning `released` on only if it is still off:
 * of several processes looking at the same moment, one gets the row and does
 * the rest (the latest release, the cache version, `step`), and the others
 * find nothing to do. A process killed part-way rolls the whole release back,
 * and the next look (its own after a restart, or another process's) does it
 * again from the start. Resolves the songs this call brought out.
 */
export async function releaseDueSongs(
  db: Db,
  step?: ReleaseStep,
  now = Date.now(),
): Promise<{ released: ReleasedSong[]; queuedMail: boolean }> {
  const due = await db
    .selectFrom("songs")
    .select("id")
    .where("released", "=", 0)
    .where("releaseAt", "<=", now)
    .orderBy("releaseAt")
    .limit(50)
    .execute();
  const released: ReleasedSong[] = [];
  let queuedMail = false;
  for (const { id } of due) {
    const outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("songs")
        .set({ released: 1, updatedAt: now })
        .where("id", "=", id)
        .where("released", "=", 0)
        .where("releaseAt", "<=", now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const row = await trx
        .selectFrom("songs")
        .select(["id", "title", "releaseMakesLatest", "releaseAnnounce"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (row.releaseMakesLatest === 1) {
        // Cleared first: the database allows only one latest song at any moment.
        await trx.updateTable("songs").set({ isLatest: 0, updatedAt: now }).where("isLatest", "=", 1).execute();
        await trx.updateTable("songs").set({ isLatest: 1 }).where("id", "=", id).execute();
      }
      await bumpContentVersion(trx);
      const song = { id: row.id, title: row.title, announce: row.releaseAnnounce === 1 };
      return { song, queued: step ? await step(trx, song, now) : false };
    });
    if (!outcome) continue;
    released.push(outcome.song);
    queuedMail ||= outcome.queued;
  }
  return { released, queuedMail };
}

/**
 * Looks every LOOK_EVERY_MS in this process, until stopped, so a song comes out
 * at its time with no request needed, whichever processes are running then.
 */
export function startReleaseSchedule(services: Pick<Services, "db" | "mail">, step?: ReleaseStep): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  // A database that is down fails every look: said when it starts and once a minute, not every second.
  let failingSince: number | null = null;
  let lastSaid = 0;
  const look = () => {
    if (busy) return;
    busy = true;
    running = releaseDueSongs(services.db, step)
      .then(({ released, queuedMail }) => {
        if (failingSince !== null) console.log("Releasing scheduled songs works again");
        failingSince = null;
        for (const song of released) console.log(`Released "${song.title}" (${song.id})`);
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
 * The artist's "Release now" on a scheduled song: its time becomes now and it
 * comes out through the same steps as at its time (latest, announcement),
 * here, before the answer. A song gone is refused as not found (404), one
 * already out as a bad request (400).
 */
export async function releaseNow(
  db: Db,
  id: string,
  step?: ReleaseStep,
  now = Date.now(),
): Promise<Result<{ title: string; queuedMail: boolean }>> {
  const moved = await db.updateTable("songs").set({ releaseAt: now }).where("id", "=", id).where("released", "=", 0).executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    const exists = await db.selectFrom("songs").select("id").where("id", "=", id).executeTakeFirst();
    return exists ? refused(400, RELEASE_TEXT.alreadyOut) : refused(404, SONG_TEXT.notFound);
  }
  const { released, queuedMail } = await releaseDueSongs(db, step, now);
  const title = released.find((song) => song.id === id)?.title;
  // Another process's look got there between the two statements: out all the same.
  if (title === undefined) return refused(400, RELEASE_TEXT.alreadyOut);
  return ok({ title, queuedMail });
}
