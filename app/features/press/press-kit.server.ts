import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { pressWordsWritten, type PressWords } from "#app/domain/site/site-config-schema.ts";
import { hasPressFiles } from "./press-files.server.ts";

/**
 * Whether the press kit is out: once the artist has written something for it
 * (a bio, a quote, a contact) or added a file. Until then /press answers 404,
 * the footer and the sitemap leave it out; the photos, shows and releases it
 * would show are on other pages already and do not make a kit on their own.
 */
export async function pressKitIsPublic(db: Kysely<Database>, press: PressWords): Promise<boolean> {
  // Every page's footer asks: the words alone answer without a query once they are written.
  return pressWordsWritten(press) || (await hasPressFiles(db));
}

/** The same, for a caller that has the kit's files at hand already. */
export const kitHasContent = (press: PressWords, hasFiles: boolean): boolean => pressWordsWritten(press) || hasFiles;

/** A release the artist may feature in the press kit: one with a track out. */
export type PressReleaseChoice = { id: string; title: string };

/** Every release with a track out, newest first, for the kit's editor to choose from. */
export async function pressReleaseChoices(db: Kysely<Database>): Promise<PressReleaseChoice[]> {
  const rows = await db
    .selectFrom("releases")
    .innerJoin("songs", "songs.releaseId", "releases.id")
    .where("songs.released", "=", 1)
    .select(["releases.id", "releases.title"])
    .select((eb) => eb.fn.max("songs.createdAt").as("newest"))
    .groupBy(["releases.id", "releases.title"])
    .orderBy("newest", "desc")
    .execute();
  return rows.map((row) => ({ id: row.id, title: row.title }));
}

/**
 * The releases the press kit plays, in the artist's order: those chosen that
 * still have a track out, or, when none is chosen, the one holding the latest
 * release (or the newest, when no song is marked latest). Music not out yet is
 * never among them.
 */
export async function featuredReleaseIds(db: Kysely<Database>, press: PressWords): Promise<string[]> {
  if (press.releaseIds.length === 0) {
    const latest = await db.selectFrom("songs").select("releaseId").where("isLatest", "=", 1).where("released", "=", 1).executeTakeFirst();
    if (latest) return [latest.releaseId];
    // No song marked latest: the newest release with music out.
    const [newest] = await pressReleaseChoices(db);
    return newest ? [newest.id] : [];
  }
  const out = new Set(
    (await db.selectFrom("songs").select("releaseId").where("released", "=", 1).where("releaseId", "in", press.releaseIds).execute()).map(
      (row) => row.releaseId,
    ),
  );
  return press.releaseIds.filter((id) => out.has(id));
}
