import { type Kysely, sql } from "kysely";
import { dialectOf } from "./dialect.ts";

// Our own tables keep portable types: text ids, 0/1 integers for booleans and
// integer epoch-milliseconds for time. The auth tables use the column types
// better-auth's adapter reads and writes on each dialect (checked by a test
// against better-auth's own schema diff).
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const bool = pg ? "boolean" : "integer";
  const time = pg ? "timestamptz" : "date";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("banned", bool)
    .addColumn("banReason", "text")
    .addColumn("banExpires", time)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", time)
    .addColumn("refreshTokenExpiresAt", time)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", time, (c) => c.notNull())
    .addColumn("createdAt", time, (c) => c.notNull())
    .addColumn("updatedAt", time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  // better-auth's rate-limit counters live in the database so every app process shares them.
  await db.schema
    .createTable("rateLimit")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("lastRequest", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("songs")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("artist", "text", (c) => c.notNull())
    .addColumn("audioKey", "text", (c) => c.notNull())
    .addColumn("coverKey", "text", (c) => c.notNull())
    .addColumn("isLatest", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("spotifyUrl", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("appleUrl", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("amazonUrl", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("youtubeUrl", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .addCheckConstraint("songs_isLatest_bool", sql`"isLatest" in (0, 1)`)
    .execute();
  // "Only one song is latest", held by the database itself.
  await db.schema.createIndex("songs_one_latest").on("songs").column("isLatest").unique().where(sql.ref("isLatest"), "=", 1).execute();
  await db.schema.createIndex("songs_createdAt_idx").on("songs").columns(["createdAt", "id"]).execute();

  await db.schema
    .createTable("contacts")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("website"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unread"))
    .addCheckConstraint("contacts_status_valid", sql`status in ('unread', 'read')`)
    .execute();
  await db.schema.createIndex("contacts_timestamp_idx").on("contacts").columns(["timestamp", "id"]).execute();
  await db.schema.createIndex("contacts_status_idx").on("contacts").column("status").execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("timestamp", "bigint", (c) => c.notNull())
    .addColumn("subscribed", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("website"))
    .addCheckConstraint("subscribers_subscribed_bool", sql`subscribed in (0, 1)`)
    .execute();
  await db.schema.createIndex("subscribers_timestamp_idx").on("subscribers").columns(["timestamp", "id"]).execute();

  // One-time links that let the owner of a fresh site create the first admin.
  await db.schema
    .createTable("setupTokens")
    .addColumn("tokenHash", "text", (c) => c.primaryKey().notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["setupTokens", "subscribers", "contacts", "songs", "rateLimit", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
