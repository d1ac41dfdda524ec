import { sql, type Kysely } from "kysely";
import { FALLBACK_SLUG, firstFreeSlug, slugify } from "#app/domain/slug.ts";

// The release becomes the unit of the catalogue (issue #33): an album, an EP or
// a single, holding its tracks in order. Every song stays a row of `songs`, now
// a track of one release, with a readable address: /music/{release}/{track}.
// Each song there was becomes a single of its own, named as the song, its
// release id the song's id (so nothing needs a new id), its address made from
// its title; the oldest song keeps the plain slug when titles repeat. Old
// /music/{id} and /embed/{id} links are answered by redirects (the routes).

type SongRow = { id: string; title: string; createdAt: number; updatedAt: number };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("releases")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("single"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .addCheckConstraint("releases_kind", sql`kind in ('album', 'ep', 'single')`)
    .execute();
  await db.schema
    .alterTable("songs")
    .addColumn("releaseId", "text", (c) => c.references("releases.id"))
    .execute();
  await db.schema
    .alterTable("songs")
    .addColumn("trackNumber", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("songs")
    .addColumn("slug", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  const typed = db as unknown as Kysely<{
    songs: SongRow & { releaseId: string | null; slug: string };
    releases: SongRow & { slug: string; kind: string };
  }>;
  const songs = await typed
    .selectFrom("songs")
    .select(["id", "title", "createdAt", "updatedAt"])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const taken = new Set<string>();
  for (const song of songs) {
    const slug = firstFreeSlug(slugify(song.title, FALLBACK_SLUG.release), taken);
    taken.add(slug);
    const times = { createdAt: Number(song.createdAt), updatedAt: Number(song.updatedAt) };
    await typed
      .insertInto("releases")
      .values({ id: song.id, slug, title: song.title, kind: "single", ...times })
      .execute();
    await typed
      .updateTable("songs")
      .set({ releaseId: song.id, slug: slugify(song.title, FALLBACK_SLUG.track) })
      .where("id", "=", song.id)
      .execute();
  }
  await db.schema.createIndex("songs_release_slug").on("songs").columns(["releaseId", "slug"]).unique().execute();
  await db.schema.createIndex("songs_release_order").on("songs").columns(["releaseId", "trackNumber"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("songs_release_order").execute();
  await db.schema.dropIndex("songs_release_slug").execute();
  for (const column of ["slug", "trackNumber", "releaseId"]) await db.schema.alterTable("songs").dropColumn(column).execute();
  await db.schema.dropTable("releases").execute();
}
