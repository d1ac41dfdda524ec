import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { handleLibraryAction } from "./library-actions.server.ts";
import { updateSong } from "./song-edit.server.ts";
import { createSong, getSong, listSongs, setLatestSong } from "./songs.server.ts";
import { SONG_TEXT } from "./ui-text.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { wireJson } from "#app/lib/auth/require-admin.server.ts";

const noLinks = { spotify: "", apple: "", amazon: "", youtube: "" };

describe.each(testStacks)("editing a song on %s", (kind) => {
  let site: TestSite;
  const stored = async (key: string) => (await site.services.storage.stat(key)) !== null;
  const coverFiles = (key: string) => [key, ...coverDerivedKeys(key)];
  const pendingKeys = async () => (await site.services.db.selectFrom("pendingUploads").select("key").execute()).map((row) => row.key);

  /** A cover stored as an upload waiting for a song, as POST /api/uploads/cover leaves it. */
  async function uploadCover(name: string) {
    const { storage } = site.services;
    const cover = await storage.put("covers", `${name}.png`, Readable.from(await coverPng(name, ["#000", "#0af"], 200)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, cover.key);
    return cover.key;
  }

  async function addSong(title: string) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${title}.wav`, Readable.from(synthWav({ seconds: 0.3, chords: [[60, 64, 67]], bpm: 120 })));
    await markPendingUpload(site.services, audio.key);
    const coverKey = await uploadCover(`${title}-cover`);
    const created = await createSong(site.services, { title, audioKey: audio.key, coverKey });
    if (!created.ok) throw new Error(created.error);
    const song = await getSong(site.services, created.id);
    if (!song) throw new Error("song missing");
    return song;
  }

  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("changes the title and links, keeps the id, moves the version and the content version", async () => {
    const song = await addSong("Before");
    const version = await currentContentVersion(site.services.db);
    const result = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: song.updatedAt,
      title: "  After the Rain ",
      streamingLinks: { spotify: " https://open.spotify.com/track/1 ", youtube: "https://youtu.be/x" },
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.song).toMatchObject({
      id: song.id,
      title: "After the Rain",
      coverKey: song.coverKey,
      audioUrl: song.audioUrl,
      createdAt: song.createdAt,
      streamingLinks: { spotify: "https://open.spotify.com/track/1", apple: "", amazon: "", youtube: "https://youtu.be/x" },
    });
    expect(result.song.updatedAt).toBeGreaterThan(song.updatedAt);
    expect(await getSong(site.services, song.id)).toEqual(result.song);
    expect(await currentContentVersion(site.services.db)).toBe(version + 1);
    // The cover was not touched.
    for (const key of coverFiles(song.coverKey)) expect(await stored(key), key).toBe(true);
  });

  it("replaces the cover: claims the upload, deletes the old cover's files after the commit", async () => {
    const song = await addSong("Cover Swap");
    const newCover = await uploadCover("new-cover");
    const result = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: song.updatedAt,
      title: song.title,
      coverKey: newCover,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.song).toMatchObject({ id: song.id, coverKey: newCover, coverUrl: `/media/${newCover}` });
    expect(await pendingKeys()).not.toContain(newCover);
    for (const key of coverFiles(newCover)) expect(await stored(key), key).toBe(true);
    for (const key of coverFiles(song.coverKey)) expect(await stored(key), key).toBe(false);
  });

  it("replaces the audio: the same id and address, the new file and length, the old file gone after the commit", async () => {
    const song = await addSong("Audio Swap");
    const oldAudio = (await site.services.db.selectFrom("songs").select("audioKey").where("id", "=", song.id).executeTakeFirstOrThrow())
      .audioKey;
    const audio = await site.services.storage.put(
      "music",
      "remaster.wav",
      Readable.from(synthWav({ seconds: 0.5, chords: [[62]], bpm: 90 })),
    );
    await markPendingUpload(site.services, audio.key);
    const result = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: song.updatedAt,
      title: song.title,
      audioKey: audio.key,
      durationMs: 500,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.song).toMatchObject({ id: song.id, durationMs: 500 });
    expect(result.song.audioUrl).toContain(audio.key);
    expect(await stored(oldAudio)).toBe(false);
    expect(await pendingKeys()).not.toContain(audio.key);
    // Only an unclaimed upload: the song's own (now claimed) file cannot be given to another song.
    const other = await addSong("Other");
    const refused = await updateSong(site.services, {
      id: other.id,
      expectedUpdatedAt: other.updatedAt,
      title: other.title,
      audioKey: audio.key,
    });
    expect(refused).toMatchObject({ ok: false, status: 400, fields: { audio: SONG_TEXT.audioRequired } });
  });

  it("reschedules a song not out yet, and refuses to schedule one that is out", async () => {
    const song = await addSong("Later");
    await site.services.db
      .updateTable("songs")
      .set({ released: 0, releaseAt: Date.now() + 86_400_000, releaseTimeZone: "UTC" })
      .where("id", "=", song.id)
      .execute();
    const scheduled = await getSong(site.services, song.id);
    if (!scheduled) throw new Error("song missing");
    const result = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: scheduled.updatedAt,
      title: song.title,
      release: { at: "2027-06-01T20:00", timeZone: "Europe/Oslo", announce: true },
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.song).toMatchObject({ released: false, releaseAt: Date.UTC(2027, 5, 1, 18, 0), releaseTimeZone: "Europe/Oslo" });
    const row = await site.services.db.selectFrom("songs").select("releaseAnnounce").where("id", "=", song.id).executeTakeFirstOrThrow();
    expect(row.releaseAnnounce).toBe(1);

    const past = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: result.song.updatedAt,
      title: song.title,
      release: { at: "2001-01-01T00:00", timeZone: "UTC", announce: false },
    });
    expect(past).toMatchObject({ ok: false, status: 400, fields: { release: expect.any(String) } });

    const out = await addSong("Out Already");
    const refused = await updateSong(site.services, {
      id: out.id,
      expectedUpdatedAt: out.updatedAt,
      title: out.title,
      release: { at: "2027-06-01T20:00", timeZone: "UTC", announce: false },
    });
    expect(refused).toMatchObject({ ok: false, status: 400, fields: { release: "This song is already out." } });
    expect((await getSong(site.services, out.id))?.released).toBe(true);
  });

  it("refuses a stale version with the song as it is now, and changes nothing", async () => {
    const song = await addSong("Two Tabs");
    const first = await updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "Tab One" });
    if (!first.ok) throw new Error(first.error);
    const newCover = await uploadCover("tab-two-cover");
    const version = await currentContentVersion(site.services.db);
    const second = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: song.updatedAt,
      title: "Tab Two",
      coverKey: newCover,
    });
    expect(second).toEqual({ ok: false, status: 409, error: SONG_TEXT.conflict, current: first.song });
    expect(await getSong(site.services, song.id)).toEqual(first.song);
    expect(await currentContentVersion(site.services.db)).toBe(version);
    // The refused edit's upload is still pending (the browser gives it back, or the sweep does), and the old cover stays.
    expect(await pendingKeys()).toContain(newCover);
    for (const key of coverFiles(song.coverKey)) expect(await stored(key), key).toBe(true);
    // Saving again against the version it was shown succeeds.
    const retried = await updateSong(site.services, { id: song.id, expectedUpdatedAt: first.song.updatedAt, title: "Tab Two" });
    expect(retried).toMatchObject({ ok: true, song: { title: "Tab Two" } });
  });

  it("gives a new version even for two saves in the same millisecond", async () => {
    const song = await addSong("Quick");
    const one = await updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "Quick 1" });
    if (!one.ok) throw new Error(one.error);
    const two = await updateSong(site.services, { id: song.id, expectedUpdatedAt: one.song.updatedAt, title: "Quick 2" });
    if (!two.ok) throw new Error(two.error);
    expect(two.song.updatedAt).toBeGreaterThan(one.song.updatedAt);
    expect(await updateSong(site.services, { id: song.id, expectedUpdatedAt: one.song.updatedAt, title: "Quick 3" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("answers 404 with a true message for a song that is gone", async () => {
    const version = await currentContentVersion(site.services.db);
    expect(await updateSong(site.services, { id: "no-such-song", expectedUpdatedAt: 1, title: "Ghost" })).toEqual({
      ok: false,
      status: 404,
      error: SONG_TEXT.deleted,
    });
    expect(await currentContentVersion(site.services.db)).toBe(version);
  });

  it("refuses bad input with a message per field and changes nothing", async () => {
    const song = await addSong("Strict");
    const version = await currentContentVersion(site.services.db);
    const result = await updateSong(site.services, {
      id: song.id,
      expectedUpdatedAt: song.updatedAt,
      title: "   ",
      streamingLinks: { spotify: "javascript:alert(1)", apple: "https://music.apple.com/x", youtube: "data:text/html,<script>" },
    });
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.titleRequired,
      fields: { title: SONG_TEXT.titleRequired, spotify: SONG_TEXT.invalidLink, youtube: SONG_TEXT.invalidLink },
    });
    expect(
      await updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "x".repeat(201), streamingLinks: noLinks }),
    ).toMatchObject({ ok: false, status: 400, fields: { title: SONG_TEXT.titleTooLong } });
    expect(await updateSong(site.services, { id: song.id, title: "No version" })).toMatchObject({ ok: false, status: 400 });
    expect(await updateSong(site.services, { id: "", expectedUpdatedAt: 1, title: "x" })).toMatchObject({
      ok: false,
      status: 400,
      error: SONG_TEXT.idRequired,
    });
    expect(await getSong(site.services, song.id)).toEqual(song);
    expect(await currentContentVersion(site.services.db)).toBe(version);
  });

  it("takes as the new cover only an unclaimed cover upload", async () => {
    const song = await addSong("Owner");
    const other = await addSong("Other");
    const refused = { ok: false, status: 400, error: SONG_TEXT.coverRequired, fields: { cover: SONG_TEXT.coverRequired } };
    const attempt = (coverKey: string) =>
      updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "x", coverKey });
    // Another song's cover, an audio key, a climb out of the folder, a file that is not there.
    expect(await attempt(other.coverKey)).toEqual(refused);
    expect(await attempt(other.audioUrl.replace("/media/", ""))).toEqual(refused);
    expect(await attempt(`covers/../${other.coverKey}`)).toEqual(refused);
    expect(await attempt("covers/1700000000000_missing.png")).toEqual(refused);
    expect(await getSong(site.services, song.id)).toEqual(song);
    for (const key of coverFiles(other.coverKey)) expect(await stored(key), key).toBe(true);
  });

  it("keeps the old cover and the song when the transaction fails after claiming the new cover", async () => {
    const song = await addSong("Rollback");
    const newCover = await uploadCover("rollback-cover");
    const { db } = site.services;
    // A real failure inside the transaction, after the claim and the update: the content version cannot move.
    if (site.stack === "scale") {
      await sql`create function refuse_bump() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_bump before update on "contentVersion" for each row execute function refuse_bump()`.execute(db);
    } else {
      await sql`create trigger refuse_bump before update on "contentVersion" begin select raise(abort, 'refused by test'); end`.execute(db);
    }
    try {
      await expect(
        updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "Never", coverKey: newCover }),
      ).rejects.toThrow(/refused by test/);
    } finally {
      await sql`drop trigger refuse_bump${site.stack === "scale" ? sql` on "contentVersion"` : sql``}`.execute(db);
      if (site.stack === "scale") await sql`drop function refuse_bump()`.execute(db);
    }
    expect(await getSong(site.services, song.id)).toEqual(song);
    for (const key of coverFiles(song.coverKey)) expect(await stored(key), key).toBe(true);
    expect(await pendingKeys()).toContain(newCover);
    // Once the database works again, the same edit goes through.
    expect(
      await updateSong(site.services, { id: song.id, expectedUpdatedAt: song.updatedAt, title: "Now", coverKey: newCover }),
    ).toMatchObject({ ok: true, song: { title: "Now", coverKey: newCover } });
    for (const key of coverFiles(song.coverKey)) expect(await stored(key), key).toBe(false);
  });

  it("follows Mark as Latest: the version it answers is the one to edit against", async () => {
    const song = await addSong("Latest Then Edit");
    const marked = await setLatestSong(site.services, song.id);
    if (!marked.ok) throw new Error(marked.error);
    expect(await updateSong(site.services, { id: song.id, expectedUpdatedAt: marked.updatedAt, title: "Edited" })).toMatchObject({
      ok: true,
    });
  });

  it("through the form: statuses 200, 400 with fields, 409 and 404", async () => {
    const song = await addSong("Form");
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ intent: "update-song", ...fields })) data.set(name, value);
      return data;
    };
    // As /api/songs answers it: on the wire, in SPEC's words, the status on the response only.
    const send = async (fields: Record<string, string>) => {
      const response = wireJson(await handleLibraryAction(site.services, form(fields)));
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const base = { id: song.id, expectedUpdatedAt: String(song.updatedAt), title: "Form Edited" };
    const bad = await send({ ...base, apple: "javascript:alert(1)" });
    expect(bad).toMatchObject({ status: 400, body: { success: false, fields: { apple: SONG_TEXT.invalidLink } } });
    expect(Object.keys(bad.body).sort()).toEqual(["error", "fields", "success"]);
    const saved = await send({ ...base, amazon: "https://music.amazon.com/x", coverKey: "" });
    expect(saved).toMatchObject({ status: 200, body: { success: true, song: { title: "Form Edited", coverKey: song.coverKey } } });
    expect(Object.keys(saved.body).sort()).toEqual(["song", "success"]);
    const conflict = await send(base);
    expect(conflict).toMatchObject({ status: 409, body: { success: false, error: SONG_TEXT.conflict } });
    expect(Object.keys(conflict.body).sort()).toEqual(["current", "error", "success"]);
    expect(await send({ ...base, expectedUpdatedAt: "soon" })).toMatchObject({
      status: 400,
      body: { success: false, error: SONG_TEXT.versionRequired },
    });
    expect(await send({ ...base, id: "gone" })).toEqual({ status: 404, body: { success: false, error: SONG_TEXT.deleted } });
  });

  it("the wizard's latest-release choice: the new song becomes the only latest, in one step", async () => {
    const before = await addSong("Old Latest");
    await setLatestSong(site.services, before.id);
    const { storage } = site.services;
    const audio = await storage.put("music", "new.wav", Readable.from(synthWav({ seconds: 0.3, chords: [[60]], bpm: 120 })));
    await markPendingUpload(site.services, audio.key);
    const version = await currentContentVersion(site.services.db);
    const created = await createSong(site.services, {
      title: "New Latest",
      audioKey: audio.key,
      coverKey: await uploadCover("new-latest"),
      isLatest: true,
    });
    if (!created.ok) throw new Error(created.error);
    const latest = (await listSongs(site.services)).filter((s) => s.isLatest).map((s) => s.id);
    expect(latest).toEqual([created.id]);
    expect(await currentContentVersion(site.services.db)).toBe(version + 1);
    // A refused new song leaves the latest release where it was.
    expect(await createSong(site.services, { title: "", audioKey: audio.key, coverKey: "covers/x.png", isLatest: true })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect((await listSongs(site.services)).filter((s) => s.isLatest).map((s) => s.id)).toEqual([created.id]);
  });
});
