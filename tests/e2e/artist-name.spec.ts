// Issue #31, point 7: the artist's name in old places. A song is credited to
// the artist's name now, wherever it is shown or syndicated, whatever name it
// was uploaded under; the home page's about heading reads the whole name; an
// edited privacy page follows the contact settings.
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { loadSiteSettingsState, saveSiteSection, legalTemplate } from "#app/domain/site/site-settings.server.ts";
import { DEMO_CLI_TIMEOUT_MS, demoCli } from "./support/cli.ts";
import { deleteSongRows, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { musicPlayer } from "./support/player.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";

const NEW_NAME = "The Harbour Lights";

test.describe.serial("the artist's name, after a rename", () => {
  let keysBefore = new Set<string>();
  let songId = "";

  test.beforeAll(async () => {
    // The demo makes each song's renditions and measures (decision 026): more than a test's default 30 s on a busy machine.

    test.setTimeout(DEMO_CLI_TIMEOUT_MS);
    keysBefore = new Set(await storedKeys());
    await withE2eDb(async (db) => {
      await deleteSongRows(db);
      await bumpContentVersion(db);
    });
    expect(await demoCli()).toContain('Added "Paper Boats"');
    await withE2eDb(async (db) => {
      // One song uploaded under a name the artist no longer goes by.
      const song = await db.selectFrom("songs").select("id").where("title", "=", "Kitchen Table").executeTakeFirstOrThrow();
      songId = song.id;
      await db.updateTable("songs").set({ artist: "Juniper (old name)" }).where("id", "=", songId).execute();
      const { settings, sections } = await loadSiteSettingsState(db);
      const saved = await saveSiteSection(db, "artist", { ...settings.artist, name: NEW_NAME }, sections.artist.revision, "e2e");
      expect(saved).toMatchObject({ ok: true });
    });
  });

  test.afterAll(async () => {
    await withE2eDb(async (db) => {
      await db.deleteFrom("siteSettings").where("section", "in", ["artist", "contact", "privacy"]).execute();
      await deleteSongRows(db);
      await bumpContentVersion(db);
    });
    await deleteStoredKeys((await storedKeys()).filter((key) => !keysBefore.has(key)));
  });

  test("every song is credited to the new name: /music, the share page's JSON-LD, the feed, the embed and oEmbed", async ({
    page,
    request,
  }) => {
    await page.goto("/music");
    const player = musicPlayer(page);
    await expect(player.getByText(NEW_NAME, { exact: true })).toBeVisible();
    await player
      .getByRole("list", { name: "Tracks" })
      .getByRole("button", { name: /Kitchen Table/ })
      .click();
    await expect(player.getByTestId("player-title")).toHaveText("Kitchen Table");
    await expect(player.getByText(NEW_NAME, { exact: true })).toBeVisible();
    await expect(page.getByText("Juniper (old name)")).toHaveCount(0);

    const share = await (await request.get(`/music/${songId}`)).text();
    const recording = [...share.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>)
      .find((item) => item["@type"] === "MusicRecording");
    expect(recording?.byArtist).toMatchObject({ name: NEW_NAME });

    const feed = await (await request.get("/feed.xml")).text();
    expect(feed).toContain(`<itunes:author>${NEW_NAME}</itunes:author>`);
    expect(feed).not.toContain("old name");
    expect(feed).not.toContain("Juniper Vale</itunes:author>");

    const embed = await (await request.get(`/embed/${songId}`)).text();
    expect(embed).toContain(NEW_NAME);
    expect(embed).not.toContain("old name");

    const oembed = await request.get(`/oembed?url=${encodeURIComponent(`${new URL(page.url()).origin}/music/${songId}`)}&format=json`);
    expect(((await oembed.json()) as { author_name: string }).author_name).toBe(NEW_NAME);
  });

  test("the home page's about heading reads the whole name", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: `About ${NEW_NAME}` })).toBeVisible();
  });

  test("an edited privacy page shows the general e-mail of now, after the contact settings change", async ({ page }) => {
    await withE2eDb(async (db) => {
      const { settings, sections } = await loadSiteSettingsState(db);
      // The artist edits the built-in text (the editor shows its tokens) and saves it.
      const edited = `${legalTemplate(settings, "privacy")}\nQuestions? Write to {contact email}.`;
      expect(await saveSiteSection(db, "privacy", { markdown: edited }, sections.privacy.revision, "e2e")).toMatchObject({ ok: true });
      const contact = { ...settings.contact, general: { ...settings.contact.general, email: "harbour@lights.example" } };
      expect(await saveSiteSection(db, "contact", contact, sections.contact.revision, "e2e")).toMatchObject({ ok: true });
    });
    await page.goto("/privacy");
    await expect(page.getByText("Questions? Write to harbour@lights.example.")).toBeVisible();
    await expect(page.getByRole("link", { name: "harbour@lights.example" }).first()).toHaveAttribute(
      "href",
      "mailto:harbour@lights.example",
    );
    await expect(page.getByText("{contact email}")).toHaveCount(0);
  });
});
