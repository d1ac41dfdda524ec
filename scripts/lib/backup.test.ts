import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCoverVariants } from "#app/features/songs/cover-variants.server.ts";
import { createSong, deleteSong, listSongs } from "#app/features/songs/songs.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { createBackup, readManifest, restoreBackup } from "./backup.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { siteSectionSchemas } from "#app/domain/site/site-config-schema.ts";
import { loadSiteSettings, loadSiteSettingsState, saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import { applyPressFileAction, listPressFiles, pressFileToServe, storePressFileUpload } from "#app/features/press/press-files.server.ts";
import { readStoredFile } from "#app/lib/uploads/decode-limits.server.ts";
import { tinyPdf } from "#tests/support/pdf.ts";

// A real backup and restore on each stack: the SQLite file or pg_dump, and
// every object on disk or in the bucket.
describe.each(testStacks)("backup and restore on %s", (stack) => {
  let site: TestSite;
  let work = "";
  const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });

  beforeAll(async () => {
    site = await createTestSite(stack);
    work = mkdtempSync(path.join(tmpdir(), "backup-test-"));
  });
  afterAll(async () => {
    await site.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  async function addSong(title: string) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${title}.wav`, Readable.from(wav));
    const cover = await storage.put("covers", `${title}.png`, Readable.from(await coverPng(title, ["#111", "#0af"], 256)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, audio.key);
    await markPendingUpload(site.services, cover.key);
    const created = await createSong(site.services, { title, audioKey: audio.key, coverKey: cover.key });
    if (!created.ok) throw new Error(created.error);
    return { id: created.id, audioKey: audio.key, coverKey: cover.key };
  }

  it("brings back songs with their files, messages, subscribers and accounts, and refuses a damaged copy", async () => {
    const { services } = site;
    await createAdmin(services, { email: "artist@example.com", password: "correct-horse-battery", name: "Juniper" });
    const song = await addSong("Kept");
    await services.db
      .insertInto("contacts")
      .values({ id: "m1", name: "Fan", email: null, message: "Hello ✨", timestamp: 1, source: "website", status: "unread" })
      .execute();
    await services.db
      .insertInto("subscribers")
      .values({ id: "s1", email: "fan@example.com", timestamp: 1, subscribed: 1, source: "website" })
      .execute();

    const dir = path.join(work, "first");
    const manifest = await createBackup(services, dir);
    expect(manifest.counts).toMatchObject({ releases: 1, songs: 1, contacts: 1, subscribers: 1, user: 1 });
    expect(manifest.objects.map((object) => object.key)).toEqual(expect.arrayContaining([song.audioKey, song.coverKey]));
    expect(manifest.missing).toEqual([]);

    // Afterwards: the song deleted with its files, the message gone, a new message.
    expect((await deleteSong(services, song.id)).ok).toBe(true);
    expect(await services.storage.stat(song.audioKey)).toBeNull();
    await services.db.deleteFrom("contacts").execute();
    await services.db
      .insertInto("contacts")
      .values({ id: "m2", name: null, email: null, message: "After the backup", timestamp: 2, source: "website", status: "unread" })
      .execute();

    // A site that holds data is not overwritten by accident.
    await expect(restoreBackup(services, dir)).rejects.toThrow(/already holds data.*--force/);

    const versionBefore = await currentContentVersion(services.db);
    await restoreBackup(services, dir, { force: true });
    expect((await listSongs(services)).map((s) => s.title)).toEqual(["Kept"]);
    const audio = await services.storage.read(song.audioKey);
    expect(audio && (await buffer(audio)).equals(wav)).toBe(true);
    expect(await services.storage.stat(song.coverKey)).not.toBeNull();
    expect((await services.db.selectFrom("contacts").select("message").execute()).map((row) => row.message)).toEqual(["Hello ✨"]);
    expect(await services.db.selectFrom("subscribers").select("email").execute()).toEqual([{ email: "fan@example.com" }]);
    expect((await services.db.selectFrom("user").select("email").execute()).map((row) => row.email)).toEqual(["artist@example.com"]);
    // Cached pages of the old catalogue are dropped.
    expect(await currentContentVersion(services.db)).not.toBe(versionBefore);

    // A backup whose file was altered restores nothing.
    const damaged = path.join(work, "damaged");
    await createBackup(services, damaged);
    writeFileSync(path.join(damaged, "objects", song.audioKey), Buffer.from("not the song"));
    await services.db.deleteFrom("subscribers").execute();
    await expect(restoreBackup(services, damaged, { force: true })).rejects.toThrow(
      `The backup's copy of ${song.audioKey} is missing or damaged`,
    );
    expect(await services.db.selectFrom("subscribers").select("email").execute()).toEqual([]);
    expect((await readManifest(damaged)).dialect).toBe(services.dialect);
  });

  it("brings back the press kit: its words and its PDFs, byte for byte", async () => {
    const { services } = site;
    const words = siteSectionSchemas.press.parse({
      shortBio: "Juniper writes songs for the long way home.",
      quotes: [{ text: "Quietly huge.", source: "Radio North", url: "https://example.com/review" }],
      contacts: { booking: { name: "Tide Agency", email: "booking@example.com" } },
    });
    const { sections } = await loadSiteSettingsState(services.db);
    expect((await saveSiteSection(services.db, "press", words, sections.press.revision, "Ada")).ok).toBe(true);
    const pdf = tinyPdf("Kept in the backup");
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(pdf));
        controller.close();
      },
    });
    const added = await storePressFileUpload(services, { title: "Technical rider" }, "rider.pdf", body, pdf.length);
    if (!added.ok) throw new Error(added.error);
    const key = (await pressFileToServe(services.db, added.file.id))?.key ?? "";

    const dir = path.join(work, "press");
    const manifest = await createBackup(services, dir);
    expect(manifest.objects.map((object) => object.key)).toContain(key);

    // Afterwards: the file removed, the words emptied.
    expect(await applyPressFileAction(services, { intent: "remove", id: added.file.id })).toEqual({ ok: true });
    const now = await loadSiteSettingsState(services.db);
    await saveSiteSection(services.db, "press", siteSectionSchemas.press.parse({}), now.sections.press.revision, "Ada");

    await restoreBackup(services, dir, { force: true });
    expect((await loadSiteSettings(services.db)).press).toEqual(words);
    expect(await listPressFiles(services.db)).toEqual([added.file]);
    expect((await readStoredFile(services.storage, key)).equals(pdf)).toBe(true);
  });

  it("makes every backup its owner's alone: the folder, the database copy, each file and the manifest", async () => {
    await addSong("Private");
    const dir = path.join(work, "private");
    await createBackup(site.services, dir);
    const modes: [string, number][] = [];
    const walk = (at: string) => {
      modes.push([path.relative(dir, at) || ".", statSync(at).mode & 0o777]);
      if (statSync(at).isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
    };
    walk(dir);
    expect(modes.length).toBeGreaterThan(4);
    for (const [entry, mode] of modes)
      expect([entry, mode]).toEqual([entry, statSync(path.join(dir, entry)).isDirectory() ? 0o700 : 0o600]);
  });

  it("brings back the Numbers' counts and a sent mailing's links, never a day's visitor salt", async () => {
    const { services } = site;
    const now = Date.now();
    await services.db
      .insertInto("mailings")
      .values({
        id: "numbers-mailing",
        subject: "Out now",
        body: "[Shop](https://shop.example/lp)",
        songId: null,
        status: "sent",
        contentId: null,
        recipients: 1,
        createdAt: now,
        updatedAt: now,
        updatedBy: "Ada",
        sentAt: now,
      })
      .execute();
    await services.db
      .insertInto("mailingLinks")
      .values({ id: "abcdefghijklmnop", mailingId: "numbers-mailing", position: 0, url: "https://shop.example/lp" })
      .execute();
    services.numbers.count("click", "abcdefghijklmnop", 3);
    // A visitor seen today: the day's salt is made and kept in the database until the day is over.
    services.numbers.visitor("203.0.113.9 Firefox");
    await services.numbers.flush();
    await expect.poll(async () => (await services.db.selectFrom("visitorSalts").select("day").execute()).length).toBe(1);
    await services.numbers.flush();
    const counts = () => services.db.selectFrom("dailyCounts").selectAll().orderBy("metric").orderBy("subject").execute();
    const before = await counts();
    expect(before.map((row) => row.metric)).toEqual(expect.arrayContaining(["click", "visitor"]));

    const dir = path.join(work, "numbers");
    await createBackup(services, dir);
    if (services.dialect === "sqlite") {
      // Not a byte of the salt in the copy's file, deleted pages included.
      const salt = (await services.db.selectFrom("visitorSalts").select("salt").executeTakeFirstOrThrow()).salt;
      expect(readFileSync(path.join(dir, "database.sqlite")).includes(Buffer.from(salt))).toBe(false);
    }
    await services.db.deleteFrom("mailingLinks").execute();
    await services.db.deleteFrom("dailyCounts").execute();
    await restoreBackup(services, dir, { force: true });
    expect(await services.db.selectFrom("mailingLinks").select(["id", "url"]).execute()).toEqual([
      { id: "abcdefghijklmnop", url: "https://shop.example/lp" },
    ]);
    expect(await counts()).toEqual(before);
    expect(await services.db.selectFrom("visitorSalts").selectAll().execute()).toEqual([]);
  });

  it("refuses to write into a folder that is not empty", async () => {
    const dir = path.join(work, "busy");
    await createBackup(site.services, dir);
    await expect(createBackup(site.services, dir)).rejects.toThrow(/is not empty/);
  });
});
