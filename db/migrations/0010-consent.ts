import type { Kysely } from "kysely";

// Double opt-in and the record of consent. With mail on, a sign-up waits
// (pendingSince) until the fan presses the button behind the link in the
// confirmation mail (confirmedAt); only then is it subscribed. Without mail a
// sign-up is subscribed at once, as before. Every step is written to consents:
// when, what the fan was shown, on which form and page, so the artist can show
// where each address came from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("subscribers").addColumn("pendingSince", "bigint").execute();
  await db.schema.alterTable("subscribers").addColumn("confirmedAt", "bigint").execute();
  await db.schema
    .createTable("consents")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("words", "text")
    .addColumn("form", "text")
    .addColumn("page", "text")
    .execute();
  await db.schema.createIndex("consents_email_at_idx").on("consents").columns(["email", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consents").execute();
  await db.schema.alterTable("subscribers").dropColumn("confirmedAt").execute();
  await db.schema.alterTable("subscribers").dropColumn("pendingSince").execute();
}
