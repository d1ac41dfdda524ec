import type { Kysely } from "kysely";

// Admins invite admins from the browser (issue #31). An invite is a one-time
// link for one e-mail address: only its token's SHA-256 is stored, it expires,
// and it is spent once accepted or revoked. Every step an admin takes on the
// admins (invited, accepted, revoked, removed) is kept in adminEvents, shown in
// the Account area.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("adminInvites")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("invitedBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .addColumn("acceptedAt", "bigint")
    .addColumn("revokedAt", "bigint")
    .execute();
  await db.schema.createIndex("adminInvites_email_idx").on("adminInvites").column("email").execute();
  await db.schema
    .createTable("adminEvents")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("adminEvents_at_idx").on("adminEvents").columns(["at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("adminEvents").execute();
  await db.schema.dropTable("adminInvites").execute();
}
