import type { Kysely } from "kysely";

// The media path asks whether a stored audio file is a song's that is out
// before it serves it (issue #30, server/media/media-gate.ts): by its key,
// for every key it does not know yet, guessed names included.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("songs_audio_key").on("songs").column("audioKey").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("songs_audio_key").execute();
}
