import type { Kysely } from "kysely";

// The press kit (issue #35, decision 027). A press photo gets a caption and a
// credit (who took it), which journalists print beside it; both empty until the
// artist writes them. The artist's PDFs for the kit (a technical rider, a stage
// plot, a one-sheet) are rows naming their stored file (storage folder press/),
// their title and size, in the artist's order: a file is public only while its
// row names it. The kit's words are a section of the site settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("photos")
    .addColumn("caption", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("photos")
    .addColumn("credit", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createTable("pressFiles")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pressFiles").execute();
  await db.schema.alterTable("photos").dropColumn("credit").execute();
  await db.schema.alterTable("photos").dropColumn("caption").execute();
}
