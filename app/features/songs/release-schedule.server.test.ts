import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { toZonedLocal } from "#app/lib/time/zoned-time.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { releaseDueSongs, releaseNow, type ReleaseStep } from "./release-schedule.server.ts";
import { createSong, getSong, listSongs, setLatestSong } from "./songs.server.ts";
import { RELEASE_TEXT, SONG_TEXT } from "./ui-text.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { comingDayOf } from "#app/domain/release-day.server.ts";
import { moveReleaseDay } from "./release-day.server.ts";
import { dayStamp } from "./release-day-stamp.ts";

describe.each(testStacks)("scheduled releases on %s", (kind) => {
  let site: TestSite;

  async function upload(name: string) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${name}.wav`, Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })));
    const cover = await storage.put("covers", `${name}.png`, Readable.from(await coverPng(name, ["#000", "#f00"], 400)));
    await createCoverVariants(storage, cover.key);
    await markPendingUpload(site.services, audio.key);
    await markPendingUpload(site.services, cover.key);
    return { audioKey: audio.key, coverKey: cover.key };
  }

  /** Adds a song coming out `inMs` from now, as the wizard would send it (local time in Berlin, to the second). */
  async function schedule(title: string, inMs: number, options: { isLatest?: boolean; announce?: boolean } = {}) {
    const files = await upload(title);
    const at = Date.now() + inMs;
    const local = `${toZonedLocal(at, "Europe/Berlin")}:${String(new Date(at).getUTCSeconds()).padStart(2, "0")}`;
    const created = await createSong(site.services, {
      title,
      ...files,
      isLatest: options.isLatest ?? false,
      release: { at: local, timeZone: "Europe/Berlin", announce: options.announce ?? false },
    });
    if (!created.ok) throw new Error(created.error);
    return { id: created.id, at: Math.floor(at / 1000) * 1000 };
  }

  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  it("refuses a time that has passed, a DST gap and an unknown zone, with a message, and stores nothing", async () => {
    const files = await upload("refused");
    const attempt = (at: string, timeZone: string) =>
      createSong(site.services, { title: "Refused", ...files, release: { at, timeZone, announce: false } });
    expect(await attempt("2020-01-01T10:00", "UTC")).toEqual({ ok: false, status: 400, error: RELEASE_TEXT.inThePast });
    expect(await attempt("2031-03-30T02:30", "Europe/Berlin")).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringContaining("skip"),
    });
    expect(await attempt("2031-02-30T20:00", "UTC")).toMatchObject({ ok: false, status: 400, error: "That date does not exist." });
    expect(await attempt("2031-03-01T20:00", "Mars/Base")).toMatchObject({
      ok: false,
      status: 400,
      error: "Choose a time zone from the list.",
    });
    expect(await attempt("2099-03-01T20:00", "UTC")).toEqual({ ok: false, status: 400, error: RELEASE_TEXT.tooFar });
    expect(await listSongs(site.services)).toEqual([]);
  });

  it("keeps a scheduled song out of every public list until its time, then brings it out once, as the latest release", async () => {
    const { services } = site;
    const out = await createSong(services, { title: "Already Out", ...(await upload("out")), isLatest: true });
    expect(out.ok).toBe(true);
    const { id, at } = await schedule("Tomorrow Song", 2_000, { isLatest: true });
    const song = await getSong(services, id);
    expect(song).toMatchObject({ released: false, releaseAt: at, releaseTimeZone: "Europe/Berlin", isLatest: false });
    expect((await listSongs(services)).map((s) => s.title)).toEqual(["Already Out"]);
    expect(await setLatestSong(services, id)).toEqual({ ok: false, status: 400, error: RELEASE_TEXT.notYetLatest });

    // Before its time: nothing to do, however often processes look.
    expect((await releaseDueSongs(services.db, undefined, at - 1)).released).toEqual([]);
    const before = await currentContentVersion(services.db);

    // At its time, five processes look at once: one brings it out, and its steps run once.
    const steps: string[] = [];
    const step: ReleaseStep = async (_trx, released) => {
      steps.push(released.id);
      return false;
    };
    const looks = await Promise.all(Array.from({ length: 5 }, () => releaseDueSongs(services.db, step, at)));
    expect(looks.flatMap((look) => look.released.map((released) => released.title))).toEqual(["Tomorrow Song"]);
    expect(steps).toEqual([(await getSong(services, id))?.releaseId]);
    expect(await currentContentVersion(services.db)).toBe(before + 1);
    const songs = await listSongs(services);
    expect(songs.map((s) => [s.title, s.isLatest])).toEqual([
      ["Tomorrow Song", true],
      ["Already Out", false],
    ]);
  });

  it("rolls a release back whole when a step fails (a process dying mid-way), and the next look does it all", async () => {
    const { services } = site;
    const { id, at } = await schedule("Second Try", 2_000, { isLatest: true });
    const latestBefore = (await listSongs(services)).find((s) => s.isLatest)?.id;
    const versionBefore = await currentContentVersion(services.db);
    const dying: ReleaseStep = async () => {
      throw new Error("the process died here");
    };
    await expect(releaseDueSongs(services.db, dying, at)).rejects.toThrow("died");
    expect(await getSong(services, id)).toMatchObject({ released: false, isLatest: false });
    expect((await listSongs(services)).find((s) => s.isLatest)?.id).toBe(latestBefore);
    expect(await currentContentVersion(services.db)).toBe(versionBefore);

    let ran = 0;
    const look = await releaseDueSongs(services.db, async () => ++ran > 0, at + 5_000);
    expect(look).toMatchObject({ released: [{ title: "Second Try", trackIds: [id] }], queuedMail: true });
    expect(ran).toBe(1);
    expect(await getSong(services, id)).toMatchObject({ released: true, isLatest: true });
  });

  it("releases now on the artist's word, once; a song already out is refused", async () => {
    const { services } = site;
    const { id } = await schedule("Right Now", 3_600_000);
    const steps: string[][] = [];
    const step: ReleaseStep = async (_trx, release) => (steps.push(release.trackIds), false);
    expect(await releaseNow(services.db, { songId: id }, step)).toEqual({
      ok: true,
      title: "Right Now",
      queuedMail: false,
      preparing: false,
    });
    expect(await releaseNow(services.db, { songId: id }, step)).toEqual({ ok: false, status: 400, error: RELEASE_TEXT.alreadyOut });
    expect(await releaseNow(services.db, { songId: "no-such-song" }, step)).toEqual({ ok: false, status: 404, error: SONG_TEXT.notFound });
    expect(await releaseNow(services.db, { releaseId: "no-such-release" }, step)).toEqual({
      ok: false,
      status: 404,
      error: SONG_TEXT.notFound,
    });
    expect(steps).toEqual([[id]]);
    expect((await listSongs(services)).map((song) => song.title)).toContain("Right Now");
  });

  it("two Release nows at once (two tabs, or a schedule's look on another process) both say it is out; it comes out once", async () => {
    const { services } = site;
    const { id } = await schedule("Both Tabs", 3_600_000);
    const steps: string[][] = [];
    const step: ReleaseStep = async (_trx, release) => (steps.push(release.trackIds), false);
    const answers = await Promise.all([releaseNow(services.db, { songId: id }, step), releaseNow(services.db, { songId: id }, step)]);
    expect(answers).toEqual([
      { ok: true, title: "Both Tabs", queuedMail: false, preparing: false },
      { ok: true, title: "Both Tabs", queuedMail: false, preparing: false },
    ]);
    expect(steps).toEqual([[id]]);
    expect(await getSong(services, id)).toMatchObject({ released: true });
  });

  it("brings out a release's tracks together on its day, a track joining it taking that day, with one step for the release", async () => {
    const { services } = site;
    const first = await schedule("Tide One", 3_000, { isLatest: true, announce: true });
    const releaseId = (await getSong(services, first.id))?.releaseId ?? "";
    // One added with no time of its own, one with another time: both come out on the release's day.
    const second = await createSong(services, { title: "Tide Two", ...(await upload("tide-two")), releaseId });
    const laterLocal = toZonedLocal(Date.now() + 86_400_000, "UTC");
    const third = await createSong(services, {
      title: "Tide Three",
      ...(await upload("tide-three")),
      releaseId,
      release: { at: laterLocal, timeZone: "UTC", announce: false },
    });
    if (!second.ok || !third.ok) throw new Error("not added");
    for (const id of [second.id, third.id]) {
      expect(await getSong(services, id)).toMatchObject({ released: false, releaseAt: first.at, releaseTimeZone: "Europe/Berlin" });
    }
    expect((await listSongs(services)).map((song) => song.title)).not.toContain("Tide Two");

    const steps: { id: string; announce: boolean; trackIds: string[] }[] = [];
    const step: ReleaseStep = async (_trx, release) => (steps.push(release), false);
    const looks = await Promise.all(Array.from({ length: 3 }, () => releaseDueSongs(services.db, step, first.at)));
    expect(looks.flatMap((look) => look.released)).toHaveLength(1);
    expect(steps).toEqual([{ id: releaseId, title: "Tide One", announce: true, trackIds: [first.id, second.id, third.id] }]);
    const listed = await listSongs(services);
    expect(listed.slice(0, 3).map((song) => [song.title, song.isLatest])).toEqual([
      ["Tide One", true],
      ["Tide Two", false],
      ["Tide Three", false],
    ]);
    // A track added once it is out is out at once.
    const fourth = await createSong(services, { title: "Tide Four", ...(await upload("tide-four")), releaseId });
    expect(fourth.ok && (await getSong(services, fourth.id))?.released).toBe(true);
  });

  it("refuses to move a release's day that was moved elsewhere since the form showed it (409), keeping the newer day", async () => {
    const { id } = await schedule("Two Tabs", 3 * 24 * 60 * 60 * 1000);
    const releaseId = (await getSong(site.services, id))!.releaseId;
    const shown = (await comingDayOf(site.services.db, releaseId))!;
    const move = (inMs: number, expectedDay: string) =>
      moveReleaseDay(site.services, {
        id: releaseId,
        releaseAt: toZonedLocal(Date.now() + inMs, "UTC"),
        releaseTimeZone: "UTC",
        expectedDay,
      });
    // One tab moves it...
    expect(await move(5 * 24 * 60 * 60 * 1000, dayStamp(shown))).toMatchObject({ ok: true });
    const moved = (await comingDayOf(site.services.db, releaseId))!;
    expect(moved.at).not.toBe(shown.at);
    // ...and the other, still showing the old day, is told instead of undoing it.
    const stale = await move(2 * 24 * 60 * 60 * 1000, dayStamp(shown));
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(!stale.ok && stale.error).toContain("the day was changed elsewhere");
    expect(await comingDayOf(site.services.db, releaseId)).toEqual(moved);
    // Seen, it moves.
    expect(await move(2 * 24 * 60 * 60 * 1000, dayStamp(moved))).toMatchObject({ ok: true });
  });
});
