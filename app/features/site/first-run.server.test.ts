import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { siteSectionSchemas } from "#app/lib/site-config-schema.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";
import { saveSiteSection } from "#app/lib/site-settings.server.ts";
import { firstRunChecklist } from "./first-run.server.ts";

describe.each(testStacks)("the first-run checklist on %s", (stack) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(stack);
  });
  afterAll(() => site.cleanup());

  const done = async () => Object.fromEntries((await firstRunChecklist(site.services.db)).map((item) => [item.id, item.done]));

  it("lists the demo's name, missing song and front-page links, and ticks each once it is the artist's own", async () => {
    const db = site.services.db;
    expect(await done()).toEqual({ name: false, photo: false, song: false, links: false });

    await saveSiteSection(db, "artist", siteSectionSchemas.artist.parse({ ...siteConfig.artist, name: "Marlow Finch" }), 0, "Ada");
    // One profile link is not enough while another still goes to a front page.
    await saveSiteSection(
      db,
      "social",
      {
        links: [
          { platform: "spotify", url: "https://open.spotify.com/artist/123" },
          { platform: "youtube", url: "https://www.youtube.com/" },
        ],
      },
      0,
      "Ada",
    );
    expect(await done()).toEqual({ name: true, photo: false, song: false, links: false });

    await saveSiteSection(
      db,
      "social",
      {
        links: [
          { platform: "spotify", url: "https://open.spotify.com/artist/123" },
          { platform: "email", url: "mailto:a@example.com" },
        ],
      },
      1,
      "Ada",
    );
    const now = Date.now();
    await db
      .insertInto("songs")
      .values({
        id: "s1",
        title: "First",
        artist: "Marlow Finch",
        audioKey: "music/a.mp3",
        coverKey: "covers/a.png",
        durationMs: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
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
    expect(await done()).toEqual({ name: true, photo: true, song: true, links: true });
  });
});
