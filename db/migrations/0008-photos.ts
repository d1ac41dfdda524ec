import { type Kysely, sql } from "kysely";

// The artist's photos: one each for the home page's hero, the bio's portrait
// and the live video's poster, and an ordered set of press photos. The row
// holds what a page needs to lay a photo out before it loads (its size, focal
// point and a tiny blurred placeholder); the files are the original and its
// variants in storage, named after the original's key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("photos")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("slot", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("focalX", "integer", (c) => c.notNull().defaultTo(50))
    .addColumn("focalY", "integer", (c) => c.notNull().defaultTo(50))
    .addColumn("placeholder", "text", (c) => c.notNull())
    .addColumn("createdAt", "bigint", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("photos_slot_position_idx").on("photos").columns(["slot", "position"]).execute();
  // One hero, one portrait, one poster, even when two uploads race to replace one.
  await db.schema
    .createIndex("photos_single_slot_idx")
    .on("photos")
    .column("slot")
    .unique()
    .where(sql.ref("slot"), "<>", "press")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("photos").execute();
}
