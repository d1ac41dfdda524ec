import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { siteSectionSchemas } from "./site-config-schema.ts";
import {
  FIRST_START_AUTHOR,
  legalMarkdown,
  legalTemplate,
  listSiteVersions,
  loadSiteSettings,
  loadSiteSettingsState,
  restoreSiteVersion,
  saveSiteSection,
} from "./site-settings.server.ts";
import { siteConfig } from "./site-config.server.ts";

describe.each(testStacks)("site settings on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());

  const artist = (name: string) => siteSectionSchemas.artist.parse({ ...siteConfig.artist, name });

  it("starts from site.config.ts, then shows each saved section, moving the content version with it", async () => {
    const db = site.services.db;
    const before = await loadSiteSettingsState(db);
    expect(before.settings.artist.name).toBe(siteConfig.artist.name);
    expect(before.sections.artist).toEqual({ revision: 0, updatedAt: null, updatedBy: null });

    const version = await currentContentVersion(db);
    expect(await saveSiteSection(db, "artist", artist("Marlow Finch"), 0, "Ada", 1_000)).toEqual({ ok: true, revision: 1 });
    expect(await currentContentVersion(db)).toBe(version + 1);
    const after = await loadSiteSettingsState(db);
    expect(after.settings.artist.name).toBe("Marlow Finch");
    expect(after.sections.artist).toEqual({ revision: 1, updatedAt: 1_000, updatedBy: "Ada" });
    // The other sections are untouched.
    expect(after.settings.bio).toEqual(before.settings.bio);
  });

  it("refuses a save from a stale editor and says who saved since, changing nothing", async () => {
    const db = site.services.db;
    const version = await currentContentVersion(db);
    // A second tab still at revision 0, and one at revision 1 that saves first.
    expect(await saveSiteSection(db, "artist", artist("Tab Two"), 0, "Bo")).toEqual({
      ok: false,
      status: 409,
      error: "conflict",
      conflict: { revision: 1, updatedAt: 1_000, updatedBy: "Ada" },
    });
    expect(await saveSiteSection(db, "artist", artist("Tab One"), 1, "Ada", 2_000)).toEqual({ ok: true, revision: 2 });
    expect(await saveSiteSection(db, "artist", artist("Tab Three"), 1, "Bo")).toMatchObject({
      ok: false,
      status: 409,
      conflict: { revision: 2 },
    });
    expect((await loadSiteSettings(db)).artist.name).toBe("Tab One");
    expect(await currentContentVersion(db)).toBe(version + 1);
  });

  it("lets exactly one of two simultaneous saves from the same revision win", async () => {
    const db = site.services.db;
    const outcomes = await Promise.all([
      saveSiteSection(db, "home", siteSectionSchemas.home.parse({ ...siteConfig.home, heroHeading: "One" }), 0, "Ada"),
      saveSiteSection(db, "home", siteSectionSchemas.home.parse({ ...siteConfig.home, heroHeading: "Two" }), 0, "Bo"),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const winner = outcomes[0]?.ok ? "One" : "Two";
    expect((await loadSiteSettings(db)).home.heroHeading).toBe(winner);
  });

  it("keeps every saved value, the first-start one included, and restores any of them as a new revision", async () => {
    const db = site.services.db;
    const versions = await listSiteVersions(db, "artist");
    expect(versions.map((v) => [v.revision, v.savedBy])).toEqual([
      [2, "Ada"],
      [1, "Ada"],
      [0, FIRST_START_AUTHOR],
    ]);
    expect(versions[1]?.summary).toContain("Marlow Finch");

    const first = versions.find((v) => v.revision === 0);
    expect(await restoreSiteVersion(db, "artist", first?.id ?? "", 2, "Ada")).toEqual({ ok: true, revision: 3 });
    expect((await loadSiteSettings(db)).artist.name).toBe(siteConfig.artist.name);
    // A restore from a stale page is a conflict like any save; an unknown version is said to be gone.
    expect(await restoreSiteVersion(db, "artist", versions[0]?.id ?? "", 2, "Bo")).toMatchObject({
      ok: false,
      status: 409,
      conflict: { revision: 3 },
    });
    expect(await restoreSiteVersion(db, "artist", "no-such-version", 3, "Bo")).toEqual({ ok: false, status: 404, error: "missing" });
    // Versions belong to their section.
    expect(await restoreSiteVersion(db, "bio", versions[0]?.id ?? "", 0, "Bo")).toEqual({ ok: false, status: 404, error: "missing" });
  });

  it("shows site.config.ts's value when a stored section is no longer valid", async () => {
    const db = site.services.db;
    await db
      .insertInto("siteSettings")
      .values({ section: "contact", data: '{"general":1}', revision: 1, updatedAt: 1, updatedBy: "hand" })
      .execute();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect((await loadSiteSettings(db)).contact).toEqual(siteConfig.contact);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    await db.deleteFrom("siteSettings").where("section", "=", "contact").execute();
  });

  it("makes the legal pages from the current name and e-mail until the artist writes their own", async () => {
    const db = site.services.db;
    const { sections } = await loadSiteSettingsState(db);
    expect(await saveSiteSection(db, "artist", artist("Nova Reyes"), sections.artist.revision, "Ada")).toMatchObject({ ok: true });
    const settings = await loadSiteSettings(db);
    expect(legalMarkdown(settings, "privacy")).toContain("Nova Reyes and the site's operator");
    expect(legalMarkdown(settings, "terms")).toContain("© Nova Reyes");
    await saveSiteSection(db, "terms", { markdown: "## Our terms\n\nBe kind." }, 0, "Ada");
    expect(legalMarkdown(await loadSiteSettings(db), "terms")).toBe("## Our terms\n\nBe kind.");
  });

  it("keeps the artist's own privacy text following the name and general e-mail where it writes their tokens", async () => {
    const db = site.services.db;
    const state = await loadSiteSettingsState(db);
    // The editor starts from the built-in text, tokens and all; the artist adds a line and saves.
    const edited = `${legalTemplate(state.settings, "privacy")}\nWrite to {contact email} any time.`;
    expect(edited).toContain("{contact email}");
    expect(await saveSiteSection(db, "privacy", { markdown: edited }, state.sections.privacy.revision, "Ada")).toMatchObject({ ok: true });
    const contact = { ...state.settings.contact, general: { ...state.settings.contact.general, email: "new-inbox@example.org" } };
    expect(await saveSiteSection(db, "contact", contact, state.sections.contact.revision, "Ada")).toMatchObject({ ok: true });
    const page = legalMarkdown(await loadSiteSettings(db), "privacy");
    expect(page).toContain("Write to new-inbox@example.org any time.");
    expect(page).toContain("[new-inbox@example.org](mailto:new-inbox@example.org)");
    expect(page).not.toContain("{contact email}");
    expect(page).not.toContain(state.settings.contact.general.email);
    await db.deleteFrom("siteSettings").where("section", "in", ["privacy", "contact"]).execute();
  });
});
