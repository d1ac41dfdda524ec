import type { Kysely } from "kysely";

// Work on uploaded media that runs in the background, claimed through the
// database as the mail outbox is (issue #34): one row per piece of work, so it
// survives a restart and is done once. The first kind measures a track's
// loudness and draws its waveform; what it found is kept in audioFacts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mediaJobs")
    // `{kind}:{key}`: the same work on the same file is one job, however often it is asked for.
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("nextAttemptAt", "bigint", (c) => c.notNull())
    .addColumn("leaseOwner", "text")
    .addColumn("leaseUntil", "bigint")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("doneAt", "bigint")
    .execute();
  await db.schema.createIndex("mediaJobs_status_next_idx").on("mediaJobs").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("mediaJobs_key_idx").on("mediaJobs").column("key").execute();
  await db.schema
    .createTable("audioFacts")
    .addColumn("audioKey", "text", (c) => c.primaryKey().notNull())
    .addColumn("loudnessLufs", "double precision")
    .addColumn("truePeakDb", "double precision")
    .addColumn("durationMs", "bigint", (c) => c.notNull())
    /** The waveform's peaks, 0 to 1, as JSON. */
    .addColumn("peaks", "text", (c) => c.notNull())
    .addColumn("measuredAt", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audioFacts").execute();
  await db.schema.dropTable("mediaJobs").execute();
}
