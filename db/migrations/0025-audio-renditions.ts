import { sql, type Kysely } from "kysely";

// The streaming renditions made from each track's upload (issue #34): fans are
// served these, never the upload (the master). One row per master once its
// renditions are stored. The uploads of songs from before renditions are
// listed in uploadsServedUntilRenditions: those songs (and only those) play
// their upload until their renditions are made, minutes after the upgrade
// (decision 026), rather than falling silent. A job's progress (a percentage,
// while one is under way) lets the library say how far the work has come.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mediaJobs").addColumn("progress", "integer").execute();
  await db.schema
    .createTable("audioRenditions")
    .addColumn("audioKey", "text", (c) => c.primaryKey().notNull())
    /** Opus in WebM, about 128 kbit/s: what browsers that play Opus get. */
    .addColumn("opusKey", "text", (c) => c.notNull())
    .addColumn("opusBytes", "bigint", (c) => c.notNull())
    /** MP3 (or the upload's own MP3 or AAC, copied): what every browser plays. */
    .addColumn("fallbackKey", "text", (c) => c.notNull())
    .addColumn("fallbackBytes", "bigint", (c) => c.notNull())
    /** Whether the fallback is the upload's own audio, copied rather than encoded again. */
    .addColumn("fallbackCopied", "integer", (c) => c.notNull())
    .addColumn("madeAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("uploadsServedUntilRenditions")
    .addColumn("audioKey", "text", (c) => c.primaryKey().notNull())
    .execute();
  await sql`insert into "uploadsServedUntilRenditions" ("audioKey") select distinct "audioKey" from songs`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploadsServedUntilRenditions").execute();
  await db.schema.dropTable("audioRenditions").execute();
  await db.schema.alterTable("mediaJobs").dropColumn("progress").execute();
}
