import type { Kysely } from "kysely";

// Mail to the artist about new fan messages: on or off, when the last one went
// and the newest message it told of. One row per kind of notice; a process
// sends one only by moving these forward in one conditional statement, so
// several processes send it once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("kind", "text", (c) => c.primaryKey().notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("lastSentAt", "bigint")
    .addColumn("coveredUntil", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").execute();
}
