import type { Kysely } from "kysely";

// A song can come out later than it is added. `released` is what every public
// list reads; the release job turns it on at `releaseAt`, in the same
// transaction as the latest-release change, the cache version and the
// announcement, so whichever process does it, it happens once. `releaseAt`
// stays afterwards as the song's release date; null for songs out on upload.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("songs")
    .addColumn("released", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("songs").addColumn("releaseAt", "bigint").execute();
  await db.schema.alterTable("songs").addColumn("releaseTimeZone", "text").execute();
  await db.schema
    .alterTable("songs")
    .addColumn("releaseMakesLatest", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("songs")
    .addColumn("releaseAnnounce", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("songs_due_release").on("songs").columns(["released", "releaseAt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("songs_due_release").execute();
  for (const column of ["releaseAnnounce", "releaseMakesLatest", "releaseTimeZone", "releaseAt", "released"]) {
    await db.schema.alterTable("songs").dropColumn(column).execute();
  }
}
