import type { Kysely } from "kysely";

// Files uploaded but not (yet) part of a song. A song claims its files by
// deleting their rows; what is never claimed is swept after a grace period.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pendingUploads")
    .addColumn("key", "text", (c) => c.primaryKey().notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("pendingUploads_createdAt_idx").on("pendingUploads").column("createdAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pendingUploads").execute();
}
