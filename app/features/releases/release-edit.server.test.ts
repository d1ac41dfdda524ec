import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertSingles, selectSongs, toSong } from "#app/domain/song-rows.server.ts";
import { storedCredits } from "#app/domain/credits.ts";
import { getTrackText, renamedReleasePath, renamedTrackPath } from "./release-pages.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import {
  createRelease,
  deleteEmptyRelease,
  moveTrack,
  moveTrackToRelease,
  releaseChoices,
  reorderTracks,
  releaseForEditing,
  updateReleaseDetails,
  updateTrackDetails,
} from "./release-edit.server.ts";
import { listReleases } from "./releases.server.ts";

const T0 = Date.UTC(2026, 0, 10);

describe.each(testStacks)("editing releases on %s", (kind) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(kind);
  });
  afterAll(() => site.cleanup());
  beforeEach(async () => {
    const { db } = site.services;
    await db.deleteFrom("songs").execute();
    await db.deleteFrom("releases").execute();
  });

  const song = (id: string, title: string, at: number) => ({
    id,
    title,
    artist: "Juniper Vale",
    audioKey: `music/${at}_${id}.mp3`,
    coverKey: `covers/${at}_${id}.png`,
    createdAt: at,
    updatedAt: at,
    released: 1,
    isLatest: 0,
    releaseAt: null,
  });

  /** An EP with three tracks, in the order given. */
  async function ep(title = "Low Tide", tracks = ["Harbour Lights", "Night Ferry", "Tide Tables"]) {
    const made = await createRelease(site.services, { title, kind: "ep" });
    if (!made.ok) throw new Error(made.error);
    const { db } = site.services;
    for (const [index, name] of tracks.entries()) {
      await db
        .insertInto("songs")
        .values({
          ...song(`${made.id}-${index}`, name, T0 + index),
          releaseId: made.id,
          trackNumber: index + 1,
          slug: name.toLowerCase().replace(/ /g, "-"),
        })
        .execute();
    }
    return made.id;
  }
  const getSong = async (_: unknown, id: string) => {
    const row = await selectSongs(site.services.db).where("id", "=", id).executeTakeFirst();
    return row ? toSong(row, "Juniper Vale") : null;
  };
  /** A release as its public page reads it: by slug, its tracks in running order. */
  const getRelease = async (_: unknown, slug: string) => {
    const { db } = site.services;
    const release = await db.selectFrom("releases").selectAll().where("slug", "=", slug).executeTakeFirst();
    if (!release) return null;
    const tracks = await selectSongs(db).where("releaseId", "=", release.id).orderBy("trackNumber").execute();
    return { ...release, credits: storedCredits(release.credits), tracks: tracks.map((row) => toSong(row, "Juniper Vale")) };
  };
  const order = async (releaseId: string) => (await releaseForEditing(site.services, releaseId))?.tracks.map((t) => t.song.title);
  const versionOf = async (releaseId: string) => String((await releaseForEditing(site.services, releaseId))?.release.updatedAt);
  const songVersion = async (id: string) => String((await getSong(site.services, id))?.updatedAt);

  it("makes a release with an address from its title, free among the releases, with no page until a track is on it", async () => {
    const first = await createRelease(site.services, { title: "Low Tide", kind: "ep" });
    const second = await createRelease(site.services, { title: "Low Tide!", kind: "album" });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect((await releaseForEditing(site.services, first.id))?.release.path).toBe("/music/low-tide");
    expect((await releaseForEditing(site.services, second.id))?.release.path).toBe("/music/low-tide-2");
    expect(await createRelease(site.services, { title: "  ", kind: "ep" })).toMatchObject({
      ok: false,
      status: 400,
      fields: { title: "Release title is required" },
    });
    expect(await createRelease(site.services, { title: "X", kind: "mixtape" })).toMatchObject({
      ok: false,
      fields: { kind: "Choose album, EP or single" },
    });
    // Offered to the wizard's step 3 while it is empty (a single with a track is not).
    expect((await releaseChoices(site.services)).map((choice) => choice.title).sort()).toEqual(["Low Tide", "Low Tide!"]);
  });

  it("saves notes and credits, and a new address leaves the old one leading to the release and its tracks", async () => {
    const id = await ep();
    const saved = await updateReleaseDetails(site.services, {
      id,
      expectedUpdatedAt: await versionOf(id),
      title: "Low Tide (Deluxe)",
      kind: "album",
      slug: "Low Tide Deluxe",
      notes: "Recorded in **Oban**.",
      credits: "Produced by: Sam Okafor\n\n  Mixed by :  Ana Ruiz  ",
    });
    expect(saved).toMatchObject({ ok: true, message: "Release saved." });
    const release = await getRelease(site.services, "low-tide-deluxe");
    expect(release).toMatchObject({
      title: "Low Tide (Deluxe)",
      kind: "album",
      notes: "Recorded in **Oban**.",
      credits: [
        { role: "Produced by", name: "Sam Okafor" },
        { role: "Mixed by", name: "Ana Ruiz" },
      ],
    });
    expect(await getRelease(site.services, "low-tide")).toBeNull();
    expect(await renamedReleasePath(site.services, "low-tide")).toBe("/music/low-tide-deluxe");
    expect(await renamedTrackPath(site.services, "low-tide", "night-ferry")).toBe("/music/low-tide-deluxe/night-ferry");
    expect(await renamedTrackPath(site.services, "low-tide", "no-such-track")).toBeNull();
    expect(await renamedReleasePath(site.services, "never-was")).toBeNull();

    // Back to the old address: the page beats the redirect it had, and the other name now redirects.
    const back = await updateReleaseDetails(site.services, {
      id,
      expectedUpdatedAt: await versionOf(id),
      title: "Low Tide",
      kind: "ep",
      slug: "low-tide",
      notes: "",
      credits: "",
    });
    expect(back.ok).toBe(true);
    expect((await getRelease(site.services, "low-tide"))?.id).toBe(id);
    expect(await renamedReleasePath(site.services, "low-tide-deluxe")).toBe("/music/low-tide");
  });

  it("a release that took an address once a redirect can leave it: the address then leads to it", async () => {
    const first = await ep("Old Name", ["One"]);
    await updateReleaseDetails(site.services, {
      id: first,
      expectedUpdatedAt: await versionOf(first),
      title: "Old Name",
      kind: "ep",
      slug: "new-name",
      notes: "",
      credits: "",
    });
    // A single added in the wizard takes the freed address ("old-name" is only a redirect now).
    await insertSingles(site.services.db, [song("later", "Old Name", T0 + 50)]);
    const later = (await getSong(site.services, "later"))?.releaseId ?? "";
    expect((await getSong(site.services, "later"))?.path).toBe("/music/old-name/old-name");
    const moved = await updateReleaseDetails(site.services, {
      id: later,
      expectedUpdatedAt: await versionOf(later),
      title: "Old Name",
      kind: "single",
      slug: "old-name-single",
      notes: "",
      credits: "",
    });
    expect(moved).toMatchObject({ ok: true });
    expect(await renamedReleasePath(site.services, "old-name")).toBe("/music/old-name-single");
  });

  it("refuses an address in use, a UUID, unreadable credits and a stale version, naming the field and storing nothing", async () => {
    const id = await ep();
    await ep("Other", ["Elsewhere"]);
    const base = { id, title: "Low Tide", kind: "ep", notes: "", credits: "" };
    const expectedUpdatedAt = await versionOf(id);
    expect(await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt, slug: "other" })).toMatchObject({
      ok: false,
      status: 400,
      fields: { slug: "Another release already has the address /music/other. Choose another." },
    });
    expect(
      await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt, slug: "3f2b8c1e-1111-4222-8333-944455556666" }),
    ).toMatchObject({ ok: false, fields: { slug: expect.stringContaining("Use letters, digits and hyphens") } });
    expect(
      await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt, slug: "low-tide", credits: "Produced by Sam" }),
    ).toMatchObject({
      ok: false,
      fields: { credits: "Line 1: write the role, a colon, then the names (Produced by: Sam Okafor)." },
    });
    expect(await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt: "1", slug: "low-tide", notes: "lost?" })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await getRelease(site.services, "low-tide"))?.notes).toBe("");
  });

  it("saves a track's lyrics, synced lyrics, credits, ISRC and explicit mark, and checks each", async () => {
    const id = await ep();
    const songId = `${id}-1`;
    const base = { songId, slug: "", lyrics: "", syncedLyrics: "", credits: "", isrc: "" };
    const refusedAll = await updateTrackDetails(site.services, {
      ...base,
      expectedUpdatedAt: await songVersion(songId),
      syncedLyrics: "[00:01.00] fine\nno time here",
      credits: "Written by:",
      isrc: "GB-ABC-26",
    });
    expect(refusedAll).toMatchObject({
      ok: false,
      status: 400,
      fields: {
        syncedLyrics: "Line 2: a synced line starts with its time in square brackets, such as [01:23.45].",
        credits: "Line 1: the names after the colon are missing.",
        isrc: expect.stringContaining("An ISRC is two letters"),
      },
    });
    const saved = await updateTrackDetails(site.services, {
      ...base,
      expectedUpdatedAt: await songVersion(songId),
      lyrics: "Lights on the crossing\r\n\r\nWait till I come\n",
      syncedLyrics: "[ar:Juniper Vale]\n[00:12.50]Lights on the crossing\n[00:20]Wait till I come",
      credits: "Written by: Juniper Vale\nFeaturing: Lila Moss",
      isrc: "gb ltd 26 00002",
      explicit: "on",
    });
    expect(saved).toMatchObject({ ok: true, message: "Track saved." });
    expect(await getTrackText(site.services, songId)).toEqual({
      lyrics: "Lights on the crossing\n\nWait till I come",
      syncedLyrics: "[ar:Juniper Vale]\n[00:12.50]Lights on the crossing\n[00:20]Wait till I come",
      credits: [
        { role: "Written by", name: "Juniper Vale" },
        { role: "Featuring", name: "Lila Moss" },
      ],
    });
    expect(await getSong(site.services, songId)).toMatchObject({ isrc: "GBLTD2600002", explicit: true });
    // The version it was saved against is gone: a second save on it is refused, not lost silently.
    expect(await updateTrackDetails(site.services, { ...base, expectedUpdatedAt: "0", lyrics: "x" })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("keeps the day a record first came out, which gives its year and its place among the others", async () => {
    const id = await ep();
    await ep("Newer", ["Later Song"]);
    const base = { id, title: "Low Tide", kind: "ep", slug: "low-tide", notes: "", credits: "" };
    for (const releaseDate of ["2019-02-30", "3 May 2019", "1850-01-01", "2999-01-01"]) {
      expect(await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt: await versionOf(id), releaseDate })).toMatchObject({
        ok: false,
        fields: { releaseDate: expect.stringContaining("Give the day it first came out") },
      });
    }
    expect(
      await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt: await versionOf(id), releaseDate: "2019-05-03" }),
    ).toMatchObject({ ok: true });
    expect((await releaseForEditing(site.services, id))?.release.releaseDate).toBe(Date.UTC(2019, 4, 3));
    const cards = await listReleases(site.services);
    expect(cards.map((card) => [card.title, card.year])).toEqual([
      ["Newer", 2026],
      ["Low Tide", 2019],
    ]);
    // Cleared, it is as new as its tracks again.
    expect(await updateReleaseDetails(site.services, { ...base, expectedUpdatedAt: await versionOf(id), releaseDate: "" })).toMatchObject({
      ok: true,
    });
    expect((await releaseForEditing(site.services, id))?.release.releaseDate).toBeNull();
  });

  it("gives a track a new address within its release, the old one leading to it, and refuses one its release already has", async () => {
    const id = await ep();
    const songId = `${id}-1`;
    const taken = await updateTrackDetails(site.services, { songId, expectedUpdatedAt: await songVersion(songId), slug: "tide-tables" });
    expect(taken).toMatchObject({ ok: false, fields: { slug: expect.stringContaining("Another track on this release") } });
    const moved = await updateTrackDetails(site.services, {
      songId,
      expectedUpdatedAt: await songVersion(songId),
      slug: "Night Ferry (Live)",
    });
    expect(moved.ok).toBe(true);
    expect((await getSong(site.services, songId))?.path).toBe("/music/low-tide/night-ferry-live");
    expect(await renamedTrackPath(site.services, "low-tide", "night-ferry")).toBe("/music/low-tide/night-ferry-live");
    // Then the release's address changes too: both old spellings of the track still lead to it.
    const renamed = await updateReleaseDetails(site.services, {
      id,
      expectedUpdatedAt: await versionOf(id),
      title: "Low Tide",
      kind: "ep",
      slug: "low-tide-ep",
      notes: "",
      credits: "",
    });
    expect(renamed.ok).toBe(true);
    for (const [release, track] of [
      ["low-tide", "night-ferry"],
      ["low-tide", "night-ferry-live"],
      ["low-tide-ep", "night-ferry"],
    ] as const)
      expect(await renamedTrackPath(site.services, release, track)).toBe("/music/low-tide-ep/night-ferry-live");
  });

  it("moves a track up and down the running order, numbering the places afresh", async () => {
    const id = await ep();
    expect(await moveTrack(site.services, { songId: `${id}-2`, direction: "up" })).toMatchObject({
      ok: true,
      message: '"Tide Tables" is now track 2.',
    });
    expect(await order(id)).toEqual(["Harbour Lights", "Tide Tables", "Night Ferry"]);
    expect(await moveTrack(site.services, { songId: `${id}-0`, direction: "up" })).toMatchObject({
      ok: true,
      message: '"Harbour Lights" is already the first track.',
    });
    await moveTrack(site.services, { songId: `${id}-0`, direction: "down" });
    expect(await order(id)).toEqual(["Tide Tables", "Harbour Lights", "Night Ferry"]);
    // The public page plays them in that order.
    expect((await getRelease(site.services, "low-tide"))?.tracks.map((track) => track.title)).toEqual([
      "Tide Tables",
      "Harbour Lights",
      "Night Ferry",
    ]);
    expect(await moveTrack(site.services, { songId: "nope", direction: "down" })).toMatchObject({ ok: false, status: 404 });
  });

  it("puts the tracks in a dragged order, refusing an order that does not name exactly the release's tracks", async () => {
    const id = await ep();
    const ids = [`${id}-2`, `${id}-0`, `${id}-1`];
    expect(await reorderTracks(site.services, { id, order: ids.join(",") })).toMatchObject({ ok: true, message: "Running order saved." });
    expect(await order(id)).toEqual(["Tide Tables", "Harbour Lights", "Night Ferry"]);
    for (const wrong of [ids.slice(0, 2), [...ids, "other"], [ids[0], ids[0], ids[1]]]) {
      expect(await reorderTracks(site.services, { id, order: wrong.join(",") })).toMatchObject({ ok: false, status: 409 });
    }
    expect(await order(id)).toEqual(["Tide Tables", "Harbour Lights", "Night Ferry"]);
    expect(await reorderTracks(site.services, { id: "gone", order: ids.join(",") })).toMatchObject({ ok: false, status: 404 });
  });

  it("moves a track to another release; a single left empty goes, its addresses leading to the track's new place", async () => {
    const album = await ep("Low Tide", ["Harbour Lights"]);
    await insertSingles(site.services.db, [song("single", "Harbour Lights", T0 + 10)]);
    const single = await getSong(site.services, "single");
    expect(single?.path).toBe("/music/harbour-lights/harbour-lights");
    const moved = await moveTrackToRelease(site.services, { songId: "single", releaseId: album });
    expect(moved).toMatchObject({ ok: true, message: '"Harbour Lights" is now on "Low Tide".', id: album });
    expect(await order(album)).toEqual(["Harbour Lights", "Harbour Lights"]);
    expect((await getSong(site.services, "single"))?.path).toBe("/music/low-tide/harbour-lights-2");
    expect(await getRelease(site.services, "harbour-lights")).toBeNull();
    expect(await renamedReleasePath(site.services, "harbour-lights")).toBe("/music/low-tide");
    expect(await renamedTrackPath(site.services, "harbour-lights", "harbour-lights")).toBe("/music/low-tide/harbour-lights-2");
  });

  it("deletes a release only while it has no tracks", async () => {
    const full = await ep();
    expect(await deleteEmptyRelease(site.services, { id: full })).toMatchObject({ ok: false, status: 400 });
    const empty = await createRelease(site.services, { title: "Sketches", kind: "album" });
    if (!empty.ok) throw new Error(empty.error);
    expect(await deleteEmptyRelease(site.services, { id: empty.id })).toMatchObject({ ok: true, message: '"Sketches" is deleted.' });
    expect(await releaseForEditing(site.services, empty.id)).toBeNull();
  });
});
