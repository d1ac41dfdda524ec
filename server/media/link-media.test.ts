import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import { bumpContentVersion, currentContentVersion } from "#app/lib/db/content-version.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";
import { makeStoredRenditions } from "#app/domain/audio-renditions.server.ts";
import { renditionKey, mediaUrl } from "#app/domain/song.ts";
import { LINK_MEDIA_LIFE_MS, signedMediaUrl } from "#app/features/listening-links/link-secrets.server.ts";
import { createLink, revokeLink, restoreLink, extendLink } from "#app/features/listening-links/listening-links.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createHost } from "../host.ts";
import { baseSecurityHeaders } from "../http-security.ts";
import { createRawMediaHandler } from "./local-files.ts";
import { createMediaGate, withheldListeners, type MediaGate } from "./media-gate.ts";
import { createMediaHandler } from "./media-handler.ts";
import { createOpenFiles } from "./open-files.ts";

/** A server as server/serve.ts composes one: the raw listener first, then the host with the media path (pages 404). */
async function mediaServer(services: Services, gate: MediaGate) {
  const files = createOpenFiles();
  const pages = express.Router();
  pages.use((_req, res) => res.status(404).send("page"));
  const host = createHost({
    env: services.env,
    development: false,
    assets: [],
    loadApp: async () => ({
      app: pages,
      media: createMediaHandler(services.storage, files, { gate, mayHearWithheld: withheldListeners(services, false) }),
      checkHealth: async () => {},
    }),
  });
  const raw = createRawMediaHandler(
    services.storage,
    baseSecurityHeaders({ publicUrl: services.env.publicUrl, development: false }),
    files,
    gate,
  );
  const server = http.createServer((req, res) => {
    if (!raw(req, res)) host(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.close();
      files.closeAll();
    },
  };
}

/** A coming EP of two tracks (renditions made) and another coming single: what links are made to. */
async function comingMusic(site: TestSite) {
  const { storage, db } = site.services;
  const now = Date.now();
  const song = async (title: string, releaseId: string, trackNumber: number) => {
    const audio = await storage.put("music", `${title}.wav`, Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })));
    const cover = await storage.put("covers", `${title}.png`, Readable.from(await coverPng(title, ["#000", "#f00"], 200)));
    const id = crypto.randomUUID();
    await db
      .insertInto("songs")
      .values({
        id,
        title,
        artist: "Juniper Vale",
        audioKey: audio.key,
        coverKey: cover.key,
        createdAt: now,
        updatedAt: now,
        released: 0,
        releaseAt: now + 86_400_000,
        releaseTimeZone: "UTC",
        releaseId,
        trackNumber,
        slug: title.toLowerCase().replaceAll(" ", "-"),
      })
      .execute();
    // After the song: renditions of audio no song holds are not kept.
    await makeStoredRenditions(db, storage)(audio.key);
    return { id, master: audio.key, mp3: renditionKey(audio.key, "mp3"), opus: renditionKey(audio.key, "opus") };
  };
  const epId = crypto.randomUUID();
  await db
    .insertInto("releases")
    .values({ id: epId, slug: `low-tide-${epId.slice(0, 6)}`, title: "Low Tide", kind: "ep", createdAt: now, updatedAt: now })
    .execute();
  const first = await song("Harbour Lights", epId, 1);
  const second = await song("Night Ferry", epId, 2);
  // Another coming release: nothing a link to the EP opens.
  const otherAudio = await storage.put("music", "Other.wav", Readable.from(synthWav({ seconds: 1, chords: [[62]], bpm: 120 })));
  await insertSingles(db, [
    {
      id: crypto.randomUUID(),
      title: "Other",
      artist: "Juniper Vale",
      audioKey: otherAudio.key,
      coverKey: first.master.replace("music/", "covers/"),
      createdAt: now,
      updatedAt: now,
      released: 0,
      releaseAt: now + 86_400_000,
      releaseTimeZone: "UTC",
    },
  ]);
  await makeStoredRenditions(db, storage)(otherAudio.key);
  await bumpContentVersion(db);
  return { epId, first, second, other: { mp3: renditionKey(otherAudio.key, "mp3") } };
}

async function makeLink(site: TestSite, releaseId: string, form: Record<string, string> = {}) {
  const made = await createLink(site.services, releaseId, { recipient: "Jane, Rolling Stone", target: "release", ...form });
  if (!made.ok || !made.id) throw new Error(`no link: ${made.ok ? "" : made.error}`);
  return made.id;
}

// Issue #35: audio not out yet plays through a private link's signed
// addresses and through nothing else, and stops the moment the link ends.
describe.each(testStacks)("private listening links through the media path on %s", (stack) => {
  let site: TestSite;
  let gate: MediaGate;
  let server: Awaited<ReturnType<typeof mediaServer>>;
  let music: Awaited<ReturnType<typeof comingMusic>>;

  beforeAll(async () => {
    site = await createTestSite(stack);
    gate = createMediaGate(site.services.db, () => currentContentVersion(site.services.db), site.services.storage);
    server = await mediaServer(site.services, gate);
    music = await comingMusic(site);
  });
  afterAll(async () => {
    server.close();
    gate.stop();
    await site.cleanup();
  });

  const secret = () => site.services.env.authSecret;
  const signed = (key: string, linkId: string, now = Date.now()) => signedMediaUrl(secret(), mediaUrl(key), key, linkId, now);
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers, redirect: "manual" });

  it("plays a coming track's renditions at the link's signed addresses, kept by no cache; a fan without it gets the 404 of a missing file", async () => {
    const link = await makeLink(site, music.epId);
    expect((await get(mediaUrl(music.first.mp3))).status).toBe(404);
    for (const key of [music.first.mp3, music.first.opus, music.second.mp3]) {
      const answer = await get(signed(key, link));
      expect(answer.status, key).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const expected = await site.services.storage.stat(key);
      expect((await answer.arrayBuffer()).byteLength).toBe(expected?.size);
    }
    // Ranges too: how a browser's audio element asks.
    const range = await get(signed(music.first.mp3, link), { Range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it("never opens the master, another release's audio, a forged, moved or lapsed signature", async () => {
    const link = await makeLink(site, music.epId);
    const missing = await (await get(mediaUrl(music.first.mp3.replace("Harbour", "Harbor")))).text();
    const refusals = [
      signed(music.first.master, link),
      signed(music.other.mp3, link),
      signed(music.first.mp3, link).replace(/sig=[^&]+/, "sig=" + "A".repeat(43)),
      // The signature of one file does not open another.
      signed(music.first.mp3, link).replace(encodeURI(music.first.mp3), encodeURI(music.second.mp3)),
      // Lapsed, and a far future no page is ever given.
      signed(music.first.mp3, link, Date.now() - LINK_MEDIA_LIFE_MS - 1000),
      signed(music.first.mp3, link).replace(/until=\d+/, `until=${Date.now() + 365 * 86_400_000}`),
      // A link that does not exist, signed as if it did.
      signed(music.first.mp3, crypto.randomUUID()),
    ];
    for (const path of refusals) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toBe(missing);
    }
  });

  it("a link to one track opens that track only", async () => {
    const link = await makeLink(site, music.epId, { target: music.second.id });
    expect((await get(signed(music.second.mp3, link))).status).toBe(200);
    expect((await get(signed(music.first.mp3, link))).status).toBe(404);
  });

  it("stops at once when the artist ends the link, plays again when restored, and stops when its day is over", async () => {
    const link = await makeLink(site, music.epId);
    const address = signed(music.first.mp3, link);
    expect((await get(address)).status).toBe(200);
    expect(await revokeLink(site.services, music.epId, { linkId: link })).toMatchObject({ ok: true });
    // The very next request, with no wait for any process to look.
    expect((await get(address)).status).toBe(404);
    expect(await restoreLink(site.services, music.epId, { linkId: link })).toMatchObject({ ok: true });
    expect((await get(address)).status).toBe(200);
    await site.services.db
      .updateTable("listeningLinks")
      .set({ expiresAt: Date.now() - 1 })
      .where("id", "=", link)
      .execute();
    expect((await get(address)).status).toBe(404);
    // Given a new day, it works again.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await extendLink(site.services, music.epId, { linkId: link, expires: tomorrow, zone: "UTC" })).toMatchObject({ ok: true });
    expect((await get(address)).status).toBe(200);
  });

  it("goes with what it plays: deleting the release's tracks and the release deletes its links", async () => {
    const link = await makeLink(site, music.epId, { target: music.first.id });
    await site.services.db.deleteFrom("songs").where("id", "=", music.first.id).execute();
    expect(await site.services.db.selectFrom("listeningLinks").select("id").where("id", "=", link).executeTakeFirst()).toBeUndefined();
  });
});

describe("private listening links with a public bucket", () => {
  let site: TestSite;
  let gate: MediaGate;
  let server: Awaited<ReturnType<typeof mediaServer>>;
  let publicUrl = "";

  beforeAll(async () => {
    const endpoint = inject("s3Endpoint");
    const bucket = `links-${process.pid}-${Date.now()}-${randomBytes(3).toString("hex")}`;
    await createTestBucket(endpoint, bucket);
    publicUrl = `${endpoint}/${bucket}`;
    site = await createTestSite("embedded", {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_PUBLIC_URL: publicUrl,
    });
    gate = createMediaGate(site.services.db, () => currentContentVersion(site.services.db), site.services.storage);
    server = await mediaServer(site.services, gate);
  });
  afterAll(async () => {
    server.close();
    gate.stop();
    await site.cleanup();
  });

  it("streams the withheld audio through the site for the link, never sends it to the bucket, whose public name stays empty", async () => {
    const music = await comingMusic(site);
    const link = await makeLink(site, music.epId);
    const address = signedMediaUrl(site.services.env.authSecret, mediaUrl(music.first.mp3), music.first.mp3, link);
    const answer = await fetch(`${server.base}${address}`, { redirect: "manual" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect((await answer.arrayBuffer()).byteLength).toBe((await site.services.storage.stat(music.first.mp3))?.size);
    await expect.poll(async () => (await fetch(`${publicUrl}/${music.first.mp3}`)).status, { timeout: 10_000 }).not.toBe(200);
  });
});
