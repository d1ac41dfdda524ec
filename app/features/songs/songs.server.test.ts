import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { loadSiteSettingsState, saveSiteSection } from "#app/domain/site/site-settings.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { SONG_TEXT } from "./ui-text.ts";
import { createSong, deleteSong, getRelease, getSong, getTrack, listSongs, listSongsPage, setLatestSong } from "./songs.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";

describe.each(testStacks)("songs on %s", (kind) => {
  let site: TestSite;
  let audioKey = "";
  let coverKey = "";
  const stored = async (key: string) => (await site.services.storage.stat(key)) !== null;

  /** Stores a fresh audio file and cover as uploads waiting for a song. */
  async function upload(name: string) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${name}.wav`, Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })));
    const cover = await storage.put("covers", `${name}.png`, Readable.from(await coverPng(name, ["#000", "#f00"], 400)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, audio.key);
    await markPendingUpload(site.services, cover.key);
    return { audioKey: audio.key, coverKey: cover.key };
  }

  beforeAll(async () => {
    site = await createTestSite(kind);
    ({ audioKey, coverKey } = await upload("one"));
  });
  afterAll(() => site.cleanup());

  it("refuses incomplete songs with the spec's messages", async () => {
    const { services } = site;
    expect(await createSong(services, { title: "   ", audioKey, coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.titleRequired,
    });
    expect(await createSong(services, { title: "T", audioKey: "", coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.audioRequired,
    });
    expect(await createSong(services, { title: "T", audioKey, coverKey: "" })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.coverRequired,
    });
    expect(await createSong(services, { title: "T", audioKey: "music/1700000000000_missing.wav", coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.audioRequired,
    });
    expect(await createSong(services, { title: "T", audioKey: coverKey, coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.audioRequired,
    });
    expect(await listSongs(services)).toEqual([]);
  });

  it("creates songs trimmed, with the fixed artist, not latest, empty links by default, newest first", async () => {
    const { services } = site;
    const first = await createSong(services, { title: "  First Light ", audioKey, coverKey, durationMs: 1000 });
    await new Promise((r) => setTimeout(r, 3));
    const second = await createSong(services, {
      title: "Second",
      ...(await upload("two")),
      streamingLinks: { spotify: " https://open.spotify.com/track/1 " },
    });
    expect(first.ok && second.ok).toBe(true);
    const songs = await listSongs(services);
    expect(songs.map((s) => s.title)).toEqual(["Second", "First Light"]);
    expect(songs[1]).toMatchObject({
      artist: "Juniper Vale",
      isLatest: false,
      durationMs: 1000,
      audioUrl: `/media/${audioKey}`,
      coverUrl: `/media/${coverKey}`,
      streamingLinks: { spotify: "", apple: "", amazon: "", youtube: "" },
    });
    expect(songs[0]?.streamingLinks.spotify).toBe("https://open.spotify.com/track/1");
    expect(songs[0]?.createdAt).toBe(songs[0]?.updatedAt);
  });

  it("lets a file belong to one song only, and rolls back a half-claimed pair", async () => {
    const { services } = site;
    // audioKey and coverKey belong to "First Light" already.
    expect(await createSong(services, { title: "Copy", audioKey, coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.audioRequired,
    });
    const fresh = await upload("three");
    expect(await createSong(services, { title: "Half", audioKey: fresh.audioKey, coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.coverRequired,
    });
    // The fresh audio was not consumed by the failed attempt.
    const pending = await services.db.selectFrom("pendingUploads").select("key").execute();
    expect(pending.map((p) => p.key).sort()).toEqual([fresh.audioKey, fresh.coverKey].sort());
    expect((await listSongs(services)).map((s) => s.title)).toEqual(["Second", "First Light"]);
    await services.db.deleteFrom("pendingUploads").execute();
  });

  it("refuses streaming links that are not http(s) URLs", async () => {
    const result = await createSong(site.services, {
      title: "X",
      ...(await upload("x")),
      streamingLinks: { youtube: "javascript:alert(1)" },
    });
    expect(result).toEqual({ ok: false, status: 400, error: SONG_TEXT.invalidLink });
  });

  it("marks exactly one song latest and bumps every song's updatedAt", async () => {
    const { services } = site;
    const [second, first] = await listSongs(services);
    if (!first || !second) throw new Error("songs missing");
    expect(await setLatestSong(services, first.id)).toMatchObject({ ok: true });
    expect(await setLatestSong(services, second.id)).toMatchObject({ ok: true });
    const after = await listSongs(services);
    expect(after.filter((s) => s.isLatest).map((s) => s.id)).toEqual([second.id]);
    for (const song of after) expect(song.updatedAt).toBeGreaterThan(song.createdAt - 1);
    expect(after.find((s) => s.id === first.id)?.updatedAt).toBeGreaterThanOrEqual(first.updatedAt);

    expect(await setLatestSong(services, "")).toEqual({ ok: false, status: 400, error: SONG_TEXT.idRequired });
    expect(await setLatestSong(services, undefined)).toEqual({ ok: false, status: 400, error: SONG_TEXT.idRequired });
    expect(await setLatestSong(services, "no-such-id")).toEqual({ ok: false, status: 404, error: SONG_TEXT.notFound });
    expect((await listSongs(services)).filter((s) => s.isLatest).map((s) => s.id)).toEqual([second.id]);
  });

  it("moves the content version with every change fans see, and not with a refused one", async () => {
    const { services } = site;
    const version = () => currentContentVersion(services.db);
    const start = await version();
    const created = await createSong(services, { title: "Versioned", ...(await upload("versioned")) });
    if (!created.ok) throw new Error(created.error);
    expect(await version()).toBe(start + 1);
    expect((await setLatestSong(services, created.id)).ok).toBe(true);
    expect(await version()).toBe(start + 2);
    expect((await setLatestSong(services, "no-such-song")).ok).toBe(false);
    expect(await createSong(services, { title: "", audioKey, coverKey })).toMatchObject({ ok: false, status: 400 });
    expect(await version()).toBe(start + 2);
    expect((await deleteSong(services, created.id)).ok).toBe(true);
    expect(await version()).toBe(start + 3);
  });

  it("gives each new song a single of its own at an address made from its title, numbered when the title is taken", async () => {
    const { services } = site;
    const made = [];
    for (const name of ["intro-a", "intro-b"]) {
      const created = await createSong(services, { title: "  Intro (Live) ", ...(await upload(name)) });
      if (!created.ok) throw new Error(created.error);
      made.push(await getSong(services, created.id));
    }
    expect(made.map((song) => song?.path)).toEqual(["/music/intro-live/intro-live", "/music/intro-live-2/intro-live"]);
    const release = await getRelease(services, "intro-live-2");
    expect(release).toMatchObject({ title: "Intro (Live)", kind: "single", path: "/music/intro-live-2" });
    expect(release?.tracks.map((track) => track.id)).toEqual([made[1]?.id]);
    expect((await getTrack(services, "intro-live", "intro-live"))?.id).toBe(made[0]?.id);
    expect(await getTrack(services, "intro-live", "no-such-track")).toBeNull();
    for (const song of made) if (song) expect((await deleteSong(services, song.id)).ok).toBe(true);
    expect(await getRelease(services, "intro-live")).toBeNull();
  });

  it("gives songs of one title added at the same moment an address each", async () => {
    const { services } = site;
    const uploads = [];
    for (const name of ["same-a", "same-b", "same-c"]) uploads.push(await upload(name));
    const created = await Promise.all(uploads.map((files) => createSong(services, { title: "Same Time", ...files })));
    const songs = await Promise.all(created.map((result) => (result.ok ? getSong(services, result.id) : null)));
    expect(songs.map((song) => song?.path).sort()).toEqual([
      "/music/same-time-2/same-time",
      "/music/same-time-3/same-time",
      "/music/same-time/same-time",
    ]);
    for (const song of songs) if (song) expect((await deleteSong(services, song.id)).ok).toBe(true);
  });

  it("deletes a song with its audio, cover and every cover variant", async () => {
    const { services } = site;
    const [, first] = await listSongs(services);
    if (!first) throw new Error("song missing");
    for (const key of [audioKey, coverKey, ...coverDerivedKeys(coverKey)]) expect(await stored(key), key).toBe(true);
    expect(await deleteSong(services, "")).toEqual({ ok: false, status: 400, error: SONG_TEXT.idRequired });
    expect(await deleteSong(services, first.id)).toEqual({ ok: true });
    expect(await getSong(services, first.id)).toBeNull();
    // It was a single: its release, and its address, go with it.
    expect(await getRelease(services, first.releasePath.slice("/music/".length))).toBeNull();
    for (const key of [audioKey, coverKey, ...coverDerivedKeys(coverKey)]) expect(await stored(key), key).toBe(false);
    expect(await deleteSong(services, first.id)).toEqual({ ok: false, status: 404, error: SONG_TEXT.notFound });
  });

  it("pages the library newest first without gaps or repeats, even with equal timestamps", async () => {
    const { db } = site.services;
    await db.deleteFrom("songs").execute();
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: `page-${String(i).padStart(2, "0")}`,
      title: `Song ${i}`,
      artist: "Juniper Vale",
      audioKey: `music/1700000000000_${i}.wav`,
      coverKey: `covers/1700000000000_${i}.png`,
      // Groups of three share a timestamp, so the id must break the ties.
      createdAt: 1_700_000_000_000 + Math.floor(i / 3),
      updatedAt: 1_700_000_000_000,
    }));
    await insertSingles(db, rows);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await listSongsPage(site.services, { before, limit: 7 });
      expect(page.songs.length).toBeLessThanOrEqual(7);
      seen.push(...page.songs.map((song) => song.id));
      before = page.nextCursor;
    } while (before);
    const expected = [...rows].sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id)).map((r) => r.id);
    expect(seen).toEqual(expected);
    await expect(listSongsPage(site.services, { before: "not-a-cursor!" })).rejects.toThrow();
  });

  it("credits every song to the artist's name now: a rename, a restore or an old upload under another name", async () => {
    const { services } = site;
    const created = await createSong(services, { title: "Renamed Credit", ...(await upload("renamed")) });
    if (!created.ok) throw new Error(created.error);
    // Uploaded under a name the artist no longer uses (a restore, an import, an older version).
    await services.db.updateTable("songs").set({ artist: "The Old Name" }).where("id", "=", created.id).execute();
    const { sections, settings } = await loadSiteSettingsState(services.db);
    const rename = (name: string, revision: number) =>
      saveSiteSection(services.db, "artist", { ...settings.artist, name }, revision, "Test");
    expect(await rename("The Harbour Lights", sections.artist.revision)).toMatchObject({ ok: true });
    try {
      expect((await getSong(services, created.id))?.artist).toBe("The Harbour Lights");
      expect(new Set((await listSongs(services)).map((song) => song.artist))).toEqual(new Set(["The Harbour Lights"]));
      expect(new Set((await listSongsPage(services)).songs.map((song) => song.artist))).toEqual(new Set(["The Harbour Lights"]));
    } finally {
      await rename(settings.artist.name, sections.artist.revision + 1);
      await deleteSong(services, created.id);
    }
  });

  it("lists release by release, newest release first, each release's tracks in running order; a new track joins a release at its end", async () => {
    const { services } = site;
    const before = new Set((await listSongs(services)).map((song) => song.id));
    const now = Date.now();
    await services.db
      .insertInto("releases")
      .values({ id: "order-ep", slug: "order-ep", title: "Order EP", kind: "ep", createdAt: now, updatedAt: now })
      .execute();
    const first = await createSong(services, { title: "Order One", releaseId: "order-ep", ...(await upload("order-one")) });
    const single = await createSong(services, { title: "Order Single", ...(await upload("order-single")) });
    const second = await createSong(services, { title: "Order Two", releaseId: "order-ep", ...(await upload("order-two")) });
    if (!first.ok || !single.ok || !second.ok) throw new Error("not added");
    // A release that is gone by the time the song is saved: refused, nothing kept.
    expect(await createSong(services, { title: "Nowhere", releaseId: "no-such-release", ...(await upload("nowhere")) })).toMatchObject({
      ok: false,
      status: 400,
      error: SONG_TEXT.releaseGone,
    });
    // Track 2 is newer than the single, so its release comes first, played from its track 1.
    await services.db
      .updateTable("songs")
      .set({ createdAt: now + 10 })
      .where("id", "=", single.id)
      .execute();
    await services.db
      .updateTable("songs")
      .set({ createdAt: now + 20 })
      .where("id", "=", second.id)
      .execute();
    const titles = (await listSongs(services)).filter((song) => !before.has(song.id)).map((song) => song.title);
    expect(titles).toEqual(["Order One", "Order Two", "Order Single"]);
    expect((await getSong(services, second.id))?.path).toBe("/music/order-ep/order-two");
    for (const id of [first.id, single.id, second.id]) await deleteSong(services, id);
  });
});
