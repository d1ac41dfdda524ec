import { sql, type Kysely } from "kysely";

// Numbers the artist can use, with no tracking of fans (issue #37, decision
// 029). Everything counted is a count per UTC day: what (`metric`), of what
// (`subject`: a page's path, a track's id, a referring domain, a mailing's
// link), how many. Each process adds its counts up in memory and writes them
// in one upsert every few seconds. The day's unique visitors are kept as
// salted hashes (`metric` "visitor", the hash as `subject`) until the day is
// two days old, then rolled up into one "visitors" row and deleted; each day's
// salt is random, shared by the processes through `visitorSalts`, and deleted
// once its day is over, so no hash can be tied to an address again.
// `mailingLinks` are the links of a sent mailing, each behind /go/{id}, which
// counts a click and redirects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("dailyCounts")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("count", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("dailyCounts_pk", ["metric", "day", "subject"])
    .execute();

  await db.schema
    .createTable("visitorSalts")
    .addColumn("day", "text", (c) => c.primaryKey().notNull())
    .addColumn("salt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("mailingLinks")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("mailingId", "text", (c) => c.notNull().references("mailings.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mailingLinks_mailingId_idx").on("mailingLinks").column("mailingId").execute();
  // The Numbers area counts downloads begun and codes redeemed per day, over every release.
  await db.schema.createIndex("downloadEvents_at_idx").on("downloadEvents").column("at").execute();
  await db.schema.createIndex("codeRedemptions_at_idx").on("codeRedemptions").column("at").execute();

  // No row keeps a client's address or browser from now on: sessions are made
  // without them, and rate limits count under an HMAC of their keys (where
  // better-auth's own table kept "address|path"). Forget what was kept before.
  await sql`update ${sql.table("session")} set ${sql.ref("ipAddress")} = null, ${sql.ref("userAgent")} = null`.execute(db);
  await sql`delete from ${sql.table("rateLimit")}`.execute(db);
  await sql`delete from ${sql.table("formRateLimits")}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("codeRedemptions_at_idx").execute();
  await db.schema.dropIndex("downloadEvents_at_idx").execute();
  for (const table of ["mailingLinks", "visitorSalts", "dailyCounts"]) await db.schema.dropTable(table).execute();
}
