import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { siteConfig } from "#app/domain/site/site-config.server.ts";
import { firstStartSettings, loadSiteSettingsState, saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import type { SiteSettings } from "#app/domain/site/site-config-schema.ts";
import { demoContent, firstRunChecklist } from "./first-run.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";

/** The demo, part by part, as a fresh site starts. */
const demo = (): SiteSettings => structuredClone(firstStartSettings());

describe("what counts as demo content", () => {
  it("on a fresh site, every part the demo wrote, field by field, and no label, genre or built-in legal text", () => {
    const left = demoContent(demo());
    expect(left.name).toEqual(["Name", "Tagline", "Description"]);
    expect(left.home).toEqual(["Hero heading", "Hero text", "About preview"]);
    expect(left.bio).toEqual([
      "Story paragraph 1",
      "Story paragraph 2",
      "Story paragraph 3",
      "Influence 1",
      "Influence 2",
      "Influence 3",
      "Influence 4",
    ]);
    expect(left.featured).toEqual(["The featured song's line"]);
    expect(left.video).toEqual(["The video", "Its title"]);
    expect(left.links).toHaveLength(siteConfig.social.length);
    expect(left.contact).toEqual([
      "Collaboration text",
      "Collaboration e-mail",
      "Booking text",
      "Booking e-mail",
      "General text",
      "General e-mail",
    ]);
  });

  it("names only what is left: the first influence rewritten leaves influences 2 to 4", () => {
    const settings = demo();
    settings.bio.story = ["My own story."];
    settings.bio.influences[0] = { name: "Sea shanties", description: "Songs for hauling rope." };
    expect(demoContent(settings).bio).toEqual(["Influence 2", "Influence 3", "Influence 4"]);
  });

  it("takes a real profile on a platform's subdomain or a personal site as the artist's own, and a platform's bare front page as not", () => {
    const settings = demo();
    settings.social.links = [
      { platform: "bandcamp", url: "https://name.bandcamp.com" },
      { platform: "bandcamp", url: "https://name.bandcamp.com/" },
      { platform: "website", url: "https://marlowfinch.com/" },
      { platform: "instagram", url: "https://www.instagram.com/marlowfinch" },
      { platform: "spotify", url: "https://open.spotify.com/artist/123" },
      { platform: "email", url: "mailto:marlow@marlowfinch.com" },
    ];
    expect(demoContent(settings).links).toEqual([]);
    settings.social.links = [
      { platform: "bandcamp", url: "https://bandcamp.com/" },
      { platform: "instagram", url: "https://instagram.com" },
      { platform: "x", url: "https://twitter.com/" },
      { platform: "email", url: "mailto:me@example.com" },
      { platform: "website", url: "https://band.example/" },
    ];
    expect(demoContent(settings).links).toEqual(["Bandcamp", "Instagram", "X", "E-mail", "Website"]);
  });

  it("counts an example.com address as the demo's wherever it is, and the artist's own address as theirs", () => {
    const settings = demo();
    for (const channel of ["collaboration", "booking", "general"] as const) {
      settings.contact[channel].text = `Write about ${channel}.`;
      settings.contact[channel].email = `${channel}@marlowfinch.com`;
    }
    settings.contact.booking.email = "agent@harbour-booking.org";
    expect(demoContent(settings).contact).toEqual([]);
    settings.contact.booking.email = "agent@example.org";
    expect(demoContent(settings).contact).toEqual(["Booking e-mail"]);
  });
});

describe.each(testStacks)("the first-run checklist on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());

  const open = async () => (await firstRunChecklist(site.services.db)).filter((item) => !item.done).map((item) => item.id);

  it("lists every part that still holds the demo's content, ticks each once it is the artist's own, and is done when none is", async () => {
    const db = site.services.db;
    expect(await open()).toEqual(["name", "photo", "song", "home", "bio", "featured", "video", "links", "contact"]);

    const { settings, sections } = await loadSiteSettingsState(db);
    const save = async <S extends keyof SiteSettings>(section: S, value: SiteSettings[S]) =>
      expect(await saveSiteSection(db, section, value, sections[section].revision, "Ada")).toMatchObject({ ok: true });
    await save("artist", { ...settings.artist, name: "Marlow Finch", tagline: "Sea songs", description: "Marlow writes sea songs." });
    await save("home", { heroHeading: "Sea songs", heroText: "Written on a boat.", aboutPreview: "Marlow grew up by the sea." });
    await save("bio", {
      story: ["Marlow grew up by the sea."],
      influences: ["Sea shanties", "Harbour bells", "Fog horns", "Radio static"].map((name) => ({ name, description: `Like ${name}.` })),
    });
    await save("featuredSong", { ...settings.featuredSong, description: "Out now." });
    await save("liveVideo", { youtubeId: "dQw4w9WgXcQ", startSeconds: 0, title: "On the pier" });
    await save("social", { links: [{ platform: "bandcamp", url: "https://marlow.bandcamp.com" }] });
    // Still example.com: the contact part stays on the list until the address is a real one.
    const contact = structuredClone(settings.contact);
    for (const channel of ["collaboration", "booking", "general"] as const) contact[channel].text = `Write about ${channel}.`;
    await save("contact", contact);
    expect(await open()).toEqual(["photo", "song", "contact"]);
    expect((await firstRunChecklist(db)).find((item) => item.id === "contact")?.demo).toEqual([
      "Collaboration e-mail",
      "Booking e-mail",
      "General e-mail",
    ]);

    for (const channel of ["collaboration", "booking", "general"] as const) contact[channel].email = `${channel}@marlowfinch.com`;
    expect(await saveSiteSection(db, "contact", contact, sections.contact.revision + 1, "Ada")).toMatchObject({ ok: true });
    const now = Date.now();
    await insertSingles(db, [
      {
        id: "s1",
        title: "First",
        artist: "Marlow Finch",
        audioKey: "music/a.mp3",
        coverKey: "covers/a.png",
        durationMs: null,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await db
      .insertInto("photos")
      .values({
        id: "p1",
        slot: "hero",
        position: 0,
        key: "photos/p1.jpg",
        width: 1600,
        height: 1000,
        alt: "Marlow on stage",
        placeholder: "",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect(await open()).toEqual([]);
  });
});
