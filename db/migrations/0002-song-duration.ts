import type { Kysely } from "kysely";

// Length of the audio in milliseconds, read when it is uploaded; null when unknown.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("songs").addColumn("durationMs", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("songs").dropColumn("durationMs").execute();
}
