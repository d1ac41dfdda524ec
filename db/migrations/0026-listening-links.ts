import { sql, type Kysely } from "kysely";

// Private listening links (issue #35, decision 027): a named link per
// recipient to a release or one track, released or not. Only the token's
// SHA-256 is stored (the token itself is derived from AUTH_SECRET and the
// link's id, so the dashboard can show it again and a leaked database opens
// nothing). A link is for a release or for a track, never both; it goes with
// what it plays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listeningLinks")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("releaseId", "text", (c) => c.references("releases.id").onDelete("cascade"))
    .addColumn("songId", "text", (c) => c.references("songs.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("expiresAt", "bigint")
    .addColumn("allowDownload", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notifyOnFirstVisit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revokedAt", "bigint")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("firstVisitAt", "bigint")
    .addColumn("lastVisitAt", "bigint")
    .addColumn("visits", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("plays", "integer", (c) => c.notNull().defaultTo(0))
    .addCheckConstraint("listeningLinks_one_target", sql`("releaseId" is null) <> ("songId" is null)`)
    .execute();
  await db.schema.createIndex("listeningLinks_releaseId_idx").on("listeningLinks").column("releaseId").execute();
  await db.schema.createIndex("listeningLinks_songId_idx").on("listeningLinks").column("songId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("listeningLinks").execute();
}
