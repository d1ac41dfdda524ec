import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { coverDerivedKeys } from "#app/domain/derived-keys.ts";
import { markPendingUpload } from "#app/lib/uploads/store-upload.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createCoverVariants } from "./cover-variants.server.ts";
import { replaceReleaseCover } from "./release-cover.server.ts";
import { createSong, getSong } from "./songs.server.ts";
import { RELEASE_COVER_TEXT, SONG_TEXT } from "./ui-text.ts";

describe.each(testStacks)("a release's cover on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());

  async function cover(name: string) {
    const { storage } = site.services;
    const stored = await storage.put("covers", `${name}.png`, Readable.from(await coverPng(name, ["#000", "#0e7490"], 400)));
    await createCoverVariants(storage, stored.key);
    await markPendingUpload(site.services, stored.key);
    return stored.key;
  }
  async function track(title: string, releaseId?: string) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${title}.wav`, Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })));
    await markPendingUpload(site.services, audio.key);
    const created = await createSong(site.services, {
      title,
      audioKey: audio.key,
      coverKey: await cover(title),
      ...(releaseId ? { releaseId } : {}),
    });
    if (!created.ok) throw new Error(created.error);
    return (await getSong(site.services, created.id))!;
  }
  const exists = async (key: string) => (await site.services.storage.stat(key)) !== null;

  it("puts the new cover on every track, each its own copy with its variants, and removes the old ones", async () => {
    const first = await track("Tide One");
    const second = await track("Tide Two", first.releaseId);
    const third = await track("Tide Three", first.releaseId);
    const old = [first, second, third].map((song) => song.coverKey);
    const fresh = await cover("new-art");
    expect(await replaceReleaseCover(site.services, { releaseId: first.releaseId, coverKey: fresh })).toEqual({
      ok: true,
      message: RELEASE_COVER_TEXT.replaced(3),
    });
    const now = await Promise.all([first, second, third].map(async (song) => (await getSong(site.services, song.id))!.coverKey));
    expect(now[0]).toBe(fresh);
    expect(new Set(now).size).toBe(3);
    for (const key of now) {
      expect(await exists(key)).toBe(true);
      for (const variant of coverDerivedKeys(key)) expect(await exists(variant)).toBe(true);
    }
    for (const key of old) expect(await exists(key)).toBe(false);
    // Claimed: nothing of it is left for the sweep of abandoned uploads.
    const pending = await site.services.db.selectFrom("pendingUploads").select("key").where("key", "in", now).execute();
    expect(pending).toEqual([]);
  });

  it("refuses a file that is not a waiting upload (another song's cover), changing nothing and leaving no copy behind", async () => {
    const single = await track("Paper Boats");
    const other = await track("Night Ferry");
    const before = await site.services.db.selectFrom("pendingUploads").select("key").execute();
    expect(await replaceReleaseCover(site.services, { releaseId: single.releaseId, coverKey: other.coverKey })).toEqual({
      ok: false,
      status: 400,
      error: SONG_TEXT.coverRequired,
    });
    expect((await getSong(site.services, single.id))?.coverKey).toBe(single.coverKey);
    expect(await exists(other.coverKey)).toBe(true);
    expect(await site.services.db.selectFrom("pendingUploads").select("key").execute()).toEqual(before);
    expect(await replaceReleaseCover(site.services, { releaseId: single.releaseId, coverKey: "covers/../etc/passwd" })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("refuses a release with no track, and lets its upload go", async () => {
    const fresh = await cover("lonely");
    expect(await replaceReleaseCover(site.services, { releaseId: "no-such-release", coverKey: fresh })).toEqual({
      ok: false,
      status: 404,
      error: RELEASE_COVER_TEXT.noTracks,
    });
    expect(await exists(fresh)).toBe(false);
  });
});
