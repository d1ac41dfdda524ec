import type { Kysely } from "kysely";

// A change of sign-in e-mail waits for the new address to confirm it when the
// site sends mail (issue #31): a one-time link to the new address, only its
// token's SHA-256 stored, a day long; the old address is told at once, and a
// change of password before the link is used voids it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("emailChanges")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("oldEmail", "text", (c) => c.notNull())
    .addColumn("newEmail", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    // A fingerprint of the password hash at the request: a password changed since voids the request.
    .addColumn("passwordStamp", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .addColumn("usedAt", "bigint")
    .execute();
  await db.schema.createIndex("emailChanges_userId_idx").on("emailChanges").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("emailChanges").execute();
}
