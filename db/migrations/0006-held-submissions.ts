import type { Kysely } from "kysely";

// Public-form submissions the bot checks caught (a filled honeypot, sent too
// soon after the page, no signed start time). They are kept here rather than
// dropped, for the artist to release or delete from the dashboard's Filtered
// list; they expire after 30 days and their number is capped
// (app/domain/held-submissions.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("heldSubmissions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("receivedAt", "bigint", (c) => c.notNull())
    .execute();
  // Newest-first pages, the cap (everything older than the newest N) and expiry all read this index.
  await db.schema.createIndex("heldSubmissions_receivedAt_id_idx").on("heldSubmissions").columns(["receivedAt", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("heldSubmissions").execute();
}
