import type { Kysely } from "kysely";

// A public form's token is taken by the first submission that carries it, per
// form and client (issue #30): a repeat with the same content is that
// submission again (a double tap, a resend) and is not stored twice; a
// different one is held for the artist. The key is a hash; nothing personal is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("formTokenUses")
    .addColumn("key", "text", (c) => c.primaryKey().notNull())
    .addColumn("contentHash", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("usedAt", "bigint", (c) => c.notNull())
    .execute();
  // Expired uses are swept by their time.
  await db.schema.createIndex("formTokenUses_usedAt_idx").on("formTokenUses").column("usedAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("formTokenUses").execute();
}
