import type { Kysely } from "kysely";

// When the Filtered list is full, further submissions the bot checks catch are
// refused with "try again later" rather than pushing out what is held (issue
// #30). The artist is told how many, so one row per day counts them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("heldRefusals")
    .addColumn("day", "text", (c) => c.primaryKey().notNull())
    .addColumn("refused", "integer", (c) => c.notNull())
    .addColumn("lastAt", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("heldRefusals").execute();
}
