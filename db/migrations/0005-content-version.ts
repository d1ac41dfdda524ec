import type { Kysely } from "kysely";

// One counter that every change to what anonymous visitors see (songs, the
// latest release) moves on, so every process's page cache knows its pages are
// stale (app/lib/db/content-version.server.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contentVersion")
    .addColumn("id", "integer", (c) => c.primaryKey().notNull())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await (db as Kysely<{ contentVersion: { id: number; version: number } }>)
    .insertInto("contentVersion")
    .values({ id: 1, version: 1 })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contentVersion").execute();
}
