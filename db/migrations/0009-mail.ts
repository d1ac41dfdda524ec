import type { Kysely } from "kysely";

// Mail waiting to go out, and what it says. A mail's words are kept once in
// mailContents however many fans it goes to (a mailing to the whole list is
// one row there and one outbox row per fan); each outbox row is one recipient,
// with the Message-ID every attempt at it carries, so a repeat is
// recognisable. A process takes rows for a while (leaseOwner, leaseUntil);
// when it dies, another takes them once the lease has run out.
//
// A mailing is what the artist writes in the dashboard; when sent, its words
// become one mailContents row and the confirmed subscribers its outbox rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mailings")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("songId", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("contentId", "text")
    .addColumn("recipients", "integer")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull())
    .addColumn("sentAt", "bigint")
    .execute();
  await db.schema.createIndex("mailings_updatedAt_idx").on("mailings").columns(["updatedAt", "id"]).execute();
  await db.schema
    .createTable("mailContents")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("listUnsubscribe", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("contentId", "text", (c) => c.notNull().references("mailContents.id"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "bigint", (c) => c.notNull())
    .addColumn("leaseOwner", "text")
    .addColumn("leaseUntil", "bigint")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("sentAt", "bigint")
    .execute();
  // One recipient once per mail, however often it is enqueued.
  await db.schema.createIndex("outbox_content_recipient_idx").on("outbox").columns(["contentId", "recipient"]).unique().execute();
  // What is due next; and a mailing's progress by status.
  await db.schema.createIndex("outbox_status_due_idx").on("outbox").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("outbox_content_status_idx").on("outbox").columns(["contentId", "status"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("mailContents").execute();
  await db.schema.dropTable("mailings").execute();
}
