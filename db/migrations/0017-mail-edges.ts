import type { Kysely } from "kysely";

// Mail edges (issue #31). A notice of a fan's message is answered by replying
// to it: the stored mail keeps the address a reply goes to. A scheduled song's
// announcement is a mailing the artist writes and previews like any other,
// marked with the song it goes out with (one per song).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mailContents").addColumn("replyTo", "text").execute();
  await db.schema.alterTable("mailings").addColumn("announces", "text").execute();
  await db.schema.createIndex("mailings_announces_idx").on("mailings").column("announces").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mailings_announces_idx").execute();
  await db.schema.alterTable("mailings").dropColumn("announces").execute();
  await db.schema.alterTable("mailContents").dropColumn("replyTo").execute();
}
