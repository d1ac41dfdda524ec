import type { Kysely } from "kysely";

// What the site says, edited from the dashboard's Site area: one row per
// section (its parsed value as JSON and a revision that moves on with every
// save, so two tabs saving the same section cannot overwrite each other
// silently), and every saved value kept in siteSettingVersions for restore
// (app/domain/site/site-settings.server.ts). A section without a row shows
// site.config.ts's value.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("siteSettings")
    .addColumn("section", "text", (c) => c.primaryKey().notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("updatedAt", "bigint", (c) => c.notNull())
    .addColumn("updatedBy", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("siteSettingVersions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("savedAt", "bigint", (c) => c.notNull())
    .addColumn("savedBy", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("siteSettingVersions_section_revision_idx")
    .on("siteSettingVersions")
    .columns(["section", "revision"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("siteSettingVersions").execute();
  await db.schema.dropTable("siteSettings").execute();
}
