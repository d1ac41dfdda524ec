import { sql, type Kysely } from "kysely";

// Downloads, download codes and grants (issue #36, decision 028). How fans get
// a release is the release's (stream only, free, free for an e-mail address, or
// name-your-price on an honour system), with the formats offered. A release's zip per format is made once in the background and
// kept (downloadFiles, one per release and format, named by the release's
// content stamp). A download is a grant: a row whose token (derived from
// AUTH_SECRET; only its SHA-256 is kept) opens the download page for a while.
// Codes come in batches; only their SHA-256 is kept, with the uses left; each
// redemption and each download started is a row, which the counts are read from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("releases")
    .addColumn("downloadAccess", "text", (c) => c.notNull().defaultTo("stream"))
    .execute();
  await db.schema
    .alterTable("releases")
    .addColumn("downloadFormats", "text", (c) => c.notNull().defaultTo('["mp3-320"]'))
    .execute();
  await db.schema.alterTable("releases").addColumn("suggestedAmount", "integer").execute();
  await db.schema
    .alterTable("releases")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("EUR"))
    .execute();

  await db.schema
    .createTable("downloadFiles")
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("stamp", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("madeAt", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("downloadFiles_pk", ["releaseId", "format"])
    .execute();

  await db.schema
    .createTable("codeBatches")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("usesPerCode", "integer", (c) => c.notNull())
    .addColumn("expiresAt", "bigint")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("codeBatches_releaseId_idx").on("codeBatches").column("releaseId").execute();

  await db.schema
    .createTable("downloadCodes")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("batchId", "text", (c) => c.notNull().references("codeBatches.id").onDelete("cascade"))
    .addColumn("codeHash", "text", (c) => c.notNull().unique())
    .addColumn("usesLeft", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("downloadCodes_batchId_idx").on("downloadCodes").column("batchId").execute();

  await db.schema
    .createTable("downloadGrants")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("via", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("codeId", "text", (c) => c.references("downloadCodes.id").onDelete("set null"))
    // Set once the grant may be used: at once, or for an e-mail grant once its address is confirmed.
    .addColumn("openedAt", "bigint")
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("expiresAt", "bigint", (c) => c.notNull())
    .addColumn("revokedAt", "bigint")
    .addCheckConstraint("downloadGrants_via", sql`via in ('free', 'email', 'pay', 'code')`)
    .execute();
  await db.schema.createIndex("downloadGrants_releaseId_idx").on("downloadGrants").column("releaseId").execute();
  await db.schema.createIndex("downloadGrants_email_idx").on("downloadGrants").column("email").execute();

  await db.schema
    .createTable("codeRedemptions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("codeId", "text", (c) => c.notNull().references("downloadCodes.id").onDelete("cascade"))
    .addColumn("grantId", "text", (c) => c.notNull().references("downloadGrants.id").onDelete("cascade"))
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("codeRedemptions_release_at_idx").on("codeRedemptions").columns(["releaseId", "at"]).execute();

  await db.schema
    .createTable("downloadEvents")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("grantId", "text", (c) => c.notNull().references("downloadGrants.id").onDelete("cascade"))
    .addColumn("releaseId", "text", (c) => c.notNull().references("releases.id").onDelete("cascade"))
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("downloadEvents_release_at_idx").on("downloadEvents").columns(["releaseId", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["downloadEvents", "codeRedemptions", "downloadGrants", "downloadCodes", "codeBatches", "downloadFiles"])
    await db.schema.dropTable(table).execute();
  for (const column of ["currency", "suggestedAmount", "downloadFormats", "downloadAccess"])
    await db.schema.alterTable("releases").dropColumn(column).execute();
}
