import { openDatabase, sqliteFileIn, type Db } from "#app/lib/db/db.server.ts";
import { deleteEmptyReleases, selectSongs } from "#app/domain/song-rows.server.ts";
import { trackPath } from "#app/domain/public-paths.ts";
import { E2E_DATA_DIR, E2E_STACK, e2ePostgres } from "./server-env.ts";
import path from "node:path";

/**
 * On the scale stack, one pool per test worker: a PostgreSQL connection costs a
 * server process, and the property tests look at the database several times a
 * case (a pool opened per look made them several times slower there than on SQLite).
 * Its idle connections close on their own, so the worker can exit.
 */
let postgres: Db | null = null;
function sharedPostgres(): Db {
  postgres ??= openDatabase({ databaseUrl: e2ePostgres().databaseUrl, allowExitOnIdle: true }).db;
  return postgres;
}

/**
 * Runs `work` on the e2e server's own database: the SQLite file (opened for the
 * work and closed after it), or PostgreSQL on the scale stack. The server sees
 * changes on its next query.
 */
export async function withE2eDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (E2E_STACK === "scale") return work(sharedPostgres());
  const { db } = openDatabase({ sqliteFile: sqliteFileIn(path.resolve(E2E_DATA_DIR)) });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A song's share page (/music/{release}/{track}), as the site links it. */
export async function songPathOf(songId: string): Promise<string> {
  const row = await withE2eDb((db) => selectSongs(db).where("id", "=", songId).executeTakeFirst());
  if (!row?.releaseSlug) throw new Error(`No song ${songId} with a release`);
  return trackPath(row.releaseSlug, row.slug);
}

/**
 * Removes songs straight from the database (`ids`, or every one), and the
 * releases left with no track, as deleting them in the dashboard does: a
 * release left behind would keep its slug, and the next song of that title
 * would get another.
 */
export async function deleteSongRows(db: Db, ids?: readonly string[]): Promise<void> {
  // `in ()` is a syntax error on PostgreSQL: no ids, no songs to remove.
  if (ids?.length === 0) return;
  let query = db.deleteFrom("songs");
  if (ids) query = query.where("id", "in", ids);
  await query.execute();
  await deleteEmptyReleases(db);
}

/**
 * Waits until the server has made the streaming renditions of `audioKey` (in
 * the background, seconds after the song is saved: decision 026) and, unless
 * `out` is false, the song is out; resolves their keys.
 */
export async function renditionsOf(
  audioKey: string,
  { out = true, timeoutMs = 30_000 }: { out?: boolean; timeoutMs?: number } = {},
): Promise<{ opusKey: string; fallbackKey: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await withE2eDb((db) =>
      db
        .selectFrom("audioRenditions")
        .innerJoin("songs", "songs.audioKey", "audioRenditions.audioKey")
        .select(["audioRenditions.opusKey", "audioRenditions.fallbackKey"])
        .where("audioRenditions.audioKey", "=", audioKey)
        .$if(out, (query) => query.where("songs.released", "=", 1))
        .executeTakeFirst(),
    );
    if (row) return row;
    if (Date.now() > deadline) throw new Error(`No renditions of ${audioKey} out within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
