import type { Kysely } from "kysely";

// The artist's shows. What the artist typed is kept as typed: the venue's
// wall-clock time ("2027-03-28T20:00") and its IANA zone, so the dashboard and
// the public page show the time the venue advertises whatever zone a visitor
// is in. `startsAt` is the instant that names (epoch ms, computed when saved),
// indexed for "what is next" and every ordering; calendar feeds and JSON-LD
// read it so a show across a DST change lands at the right moment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shows")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("startsLocal", "text", (c) => c.notNull())
    .addColumn("timeZone", "text", (c) => c.notNull())
    .addColumn("startsAt", "bigint", (c) => c.notNull())
    .addColumn("venue", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("ticketUrl", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("shows_startsAt_idx").on("shows").columns(["startsAt", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("shows").execute();
}
