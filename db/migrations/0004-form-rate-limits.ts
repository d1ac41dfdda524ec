import type { Kysely } from "kysely";

// Per-client counters for the public forms (contact, newsletter), in the
// database so every app process counts the same requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("formRateLimits")
    .addColumn("key", "text", (c) => c.primaryKey().notNull())
    .addColumn("windowStart", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("formRateLimits").execute();
}
