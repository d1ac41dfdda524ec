import type { Kysely } from "kysely";

// What musicians publish beside the audio (issue #33). A track gets its lyrics
// (plain text, and optionally time-synced as LRC), its credits, an ISRC and an
// explicit mark; a release gets liner notes (Markdown), its own credits, and
// the day it first came out when that was before it was added here.
// Credits are kept as JSON, a list of { role, name }, in the order the artist
// wrote them. When the artist changes a release's or a track's address, the old
// one is remembered here and answers 301 with the new one, so no shared link
// breaks; a redirect goes with what it points at.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = (table: string, column: string, fallback: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "text", (c) => c.notNull().defaultTo(fallback))
      .execute();
  await text("songs", "lyrics", "");
  await text("songs", "syncedLyrics", "");
  await text("songs", "credits", "[]");
  await text("songs", "isrc", "");
  await db.schema
    .alterTable("songs")
    .addColumn("explicit", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await text("releases", "notes", "");
  await text("releases", "credits", "[]");
  // When a record first came out, for one released before it was added here (UTC midnight of that day).
  await db.schema.alterTable("releases").addColumn("releaseDate", "bigint").execute();

  await db.schema
    .createTable("releaseSlugRedirects")
    .addColumn("slug", "text", (c) => c.primaryKey().notNull())
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("releaseSlugRedirects_release").on("releaseSlugRedirects").column("releaseId").execute();
  // A track's old address, both its parts as they were: a track that moved to
  // another release, or whose release has since gone, is still found by it.
  await db.schema
    .createTable("trackSlugRedirects")
    .addColumn("releaseSlug", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("songId", "text", (c) => c.notNull().references("songs.id").onDelete("cascade"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("trackSlugRedirects_pk", ["releaseSlug", "slug"])
    .execute();
  await db.schema.createIndex("trackSlugRedirects_song").on("trackSlugRedirects").column("songId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trackSlugRedirects").execute();
  await db.schema.dropTable("releaseSlugRedirects").execute();
  for (const column of ["releaseDate", "credits", "notes"]) await db.schema.alterTable("releases").dropColumn(column).execute();
  for (const column of ["explicit", "isrc", "credits", "syncedLyrics", "lyrics"])
    await db.schema.alterTable("songs").dropColumn(column).execute();
}
