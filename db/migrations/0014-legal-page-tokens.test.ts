import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legalMarkdown, loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { up } from "./0014-legal-page-tokens.ts";

describe.each(testStacks)("migration 0014 on %s: an edited privacy page follows the contact e-mail", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("turns the general e-mail the saved text still holds into the token, and leaves every other address", async () => {
    const db = site.services.db;
    const settings = await loadSiteSettings(db);
    const contact = { ...settings.contact, general: { ...settings.contact.general, email: "inbox@band.example" } };
    const privacy = "Write to [inbox@band.example](mailto:inbox@band.example), or to our label at label@records.example.";
    const now = Date.now();
    await db
      .insertInto("siteSettings")
      .values([
        { section: "contact", data: JSON.stringify(contact), revision: 1, updatedAt: now, updatedBy: "Ada" },
        { section: "privacy", data: JSON.stringify({ markdown: privacy }), revision: 1, updatedAt: now, updatedBy: "Ada" },
      ])
      .execute();
    await up(db as unknown as Kysely<unknown>);
    const stored = await db.selectFrom("siteSettings").select("data").where("section", "=", "privacy").executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toEqual({
      markdown: "Write to [{contact email}](mailto:{contact email}), or to our label at label@records.example.",
    });

    // The address changes later: the page follows.
    await db
      .updateTable("siteSettings")
      .set({ data: JSON.stringify({ ...contact, general: { ...contact.general, email: "new@band.example" } }) })
      .where("section", "=", "contact")
      .execute();
    expect(legalMarkdown(await loadSiteSettings(db), "privacy")).toBe(
      "Write to [new@band.example](mailto:new@band.example), or to our label at label@records.example.",
    );
    await db.deleteFrom("siteSettings").execute();
  });
});
