import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { S3_TEST_CREDENTIALS, createTestBucket } from "#tests/support/s3-server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { releaseDueSongs } from "#app/features/songs/release-schedule.server.ts";
import { bumpContentVersion, currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";
import { makeStoredRenditions } from "#app/domain/audio-renditions.server.ts";
import { renditionKey } from "#app/domain/song.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createHost } from "../host.ts";
import { baseSecurityHeaders } from "../http-security.ts";
import { createRawMediaHandler } from "./local-files.ts";
import { adminMayHear, createMediaGate, type MediaGate } from "./media-gate.ts";
import { createMediaHandler } from "./media-handler.ts";
import { createOpenFiles, type OpenFiles } from "./open-files.ts";

/** The host as the server composes it, with the media path and no pages (each a 404). */
function mediaHost(services: Services, storage: Storage, files: OpenFiles, gate: MediaGate) {
  const pages = express.Router();
  pages.use((_req, res) => res.status(404).send("page"));
  return createHost({
    env: services.env,
    development: false,
    assets: [],
    loadApp: async () => ({
      app: pages,
      media: createMediaHandler(storage, files, { gate, mayHearWithheld: adminMayHear(services) }),
      checkHealth: async () => {},
    }),
  });
}

// Issue #30: a song's audio is stored under a name that can be guessed
// (music/{ms}_{name}), so the media path itself refuses audio not out yet,
// on every way it serves bytes, as it answers for a file that does not exist.
describe.each(testStacks)("audio not out yet, through the media path on %s", (stack) => {
  let site: TestSite;
  let gate: MediaGate;
  let base = "";
  let close = () => {};
  let adminCookie = "";
  let rawAnswers = 0;
  const files = createOpenFiles();

  beforeAll(async () => {
    site = await createTestSite(stack);
    const { services } = site;
    gate = createMediaGate(services.db, () => currentContentVersion(services.db), services.storage);
    const host = mediaHost(services, services.storage, files, gate);
    // As server/serve.ts composes them: the raw listener first (local disk only), the host for the rest.
    const raw = createRawMediaHandler(
      services.storage,
      baseSecurityHeaders({ publicUrl: services.env.publicUrl, development: false }),
      files,
      gate,
    );
    const server = http.createServer((req, res) => {
      if (raw(req, res)) rawAnswers++;
      else host(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
    await createAdmin(services, { email: "owner@example.com", password: "owner-password", name: "Owner" });
    const signIn = await callAuth(
      services,
      new Request("http://localhost:3999/login", { headers: { [CLIENT_IP_HEADER]: "10.0.0.1" } }),
      "/sign-in/email",
      { email: "owner@example.com", password: "owner-password" },
    );
    adminCookie = signIn.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
  });
  afterAll(async () => {
    close();
    gate.stop();
    files.closeAll();
    await site.cleanup();
  });

  async function storedSong(title: string, released: boolean) {
    const { storage } = site.services;
    const audio = await storage.put("music", `${title}.wav`, Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })));
    const cover = await storage.put("covers", `${title}.png`, Readable.from(await coverPng(title, ["#000", "#f00"], 200)));
    const id = crypto.randomUUID();
    const now = Date.now();
    await insertSingles(site.services.db, [
      {
        id,
        title,
        artist: "Juniper Vale",
        audioKey: audio.key,
        coverKey: cover.key,
        createdAt: now,
        updatedAt: now,
        ...(released ? {} : { released: 0, releaseAt: now + 86_400_000, releaseTimeZone: "UTC" }),
      },
    ]);
    await bumpContentVersion(site.services.db);
    return { id, audioKey: audio.key, coverKey: cover.key };
  }
  const get = (key: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}/media/${key}`, { method, headers, redirect: "manual" });

  it("answers a fan's GET, HEAD and ranges for it with the 404 of a file that does not exist; its cover is public", async () => {
    const coming = await storedSong("Night Ferry", false);
    const missing = await get(coming.audioKey.replace("Night", "Nought"));
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    for (const [headers, method] of [
      [{}, "GET"],
      [{}, "HEAD"],
      [{ range: "bytes=0-1" }, "GET"],
      [{ range: "bytes=100-" }, "GET"],
      [{ "if-none-match": "*" }, "GET"],
      [{ cookie: "better-auth.session_token=forged" }, "GET"],
    ] as const) {
      const answer = await get(coming.audioKey, headers, method);
      expect(answer.status, `${method} ${JSON.stringify(headers)}`).toBe(404);
      expect(answer.headers.get("cache-control"), JSON.stringify(headers)).not.toMatch(/max-age=31536000/);
      if (method === "GET") expect(await answer.text()).toBe(missingBody);
    }
    // With a query string, the path through Express: the same.
    expect((await fetch(`${base}/media/${coming.audioKey}?v=1`)).status).toBe(404);
    expect((await get(coming.coverKey)).status).toBe(200);
  });

  it("gives a release's zip (downloads/) to nobody, the artist included, as a file that does not exist, on every path", async () => {
    const { key } = await site.services.storage.put("downloads", "Night Ferry-flac-5e2b.zip", Readable.from([Buffer.from("PK zip")]));
    const missingBody = await (await get(key.replace("Night", "Nought"))).text();
    const before = rawAnswers;
    for (const [headers, method] of [
      [{}, "GET"],
      [{}, "HEAD"],
      [{ range: "bytes=0-1" }, "GET"],
      [{ cookie: "better-auth.session_token=forged" }, "GET"],
      // Not the artist either: a zip's one door is a grant's signed address.
      [{ cookie: adminCookie }, "GET"],
    ] as const) {
      const answer = await get(key, headers, method);
      expect(answer.status, `${method} ${JSON.stringify(headers)}`).toBe(404);
      if (method === "GET") expect(await answer.text()).toBe(missingBody);
    }
    // The raw listener leaves it to the gate behind Express, which refuses it.
    expect(rawAnswers).toBe(before);
    expect((await fetch(`${base}/media/${key}?v=1`)).status).toBe(404);
    expect(await site.services.storage.stat(key)).toMatchObject({ size: 6 });
  });

  it("lets the artist hear it, kept by no cache", async () => {
    const coming = await storedSong("Harbour Lights", false);
    const answer = await get(coming.audioKey, { cookie: adminCookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const range = await get(coming.audioKey, { cookie: adminCookie, range: "bytes=0-1" });
    expect(range.status).toBe(206);
    expect(range.headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves its renditions to everyone from the moment its release commits, and caches them as any file", async () => {
    const coming = await storedSong("Tide Tables", false);
    await makeStoredRenditions(site.services.db, site.services.storage)(coming.audioKey);
    const mp3 = renditionKey(coming.audioKey, "mp3");
    expect((await get(mp3)).status).toBe(404);
    await site.services.db.updateTable("songs").set({ released: 1 }).where("id", "=", coming.id).execute();
    await bumpContentVersion(site.services.db);
    // No waiting for the gate's next look: a key it does not know is asked of the database.
    const out = await get(mp3);
    expect(out.status).toBe(200);
    expect(out.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const before = rawAnswers;
    expect((await get(mp3, { range: "bytes=0-1" })).status).toBe(206);
    // On local disk the raw listener now answers it from memory.
    if (stack === "embedded") expect(rawAnswers).toBe(before + 1);
    // Its upload, the master, never.
    expect((await get(coming.audioKey)).status).toBe(404);
  });

  it("gives nothing for an upload no song has claimed yet (a wizard's audio before it is saved)", async () => {
    const pending = await site.services.storage.put(
      "music",
      "draft.wav",
      Readable.from(synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 })),
    );
    expect((await get(pending.key)).status).toBe(404);
    expect((await get(pending.key, { cookie: adminCookie })).status).toBe(200);
  });

  it("never serves the upload of a song out whose renditions are not made yet, unless the song is from before renditions", async () => {
    const fresh = await storedSong("Paper Boats", true);
    expect((await get(fresh.audioKey)).status).toBe(404);
    expect((await get(fresh.audioKey, { cookie: adminCookie })).status).toBe(200);
  });

  it("plays the upload of a song from before renditions until they are made, then those and never its upload again", async () => {
    const out = await storedSong("Salt Roads", true);
    const coming = await storedSong("Low Tide", false);
    // As migration 0025 lists every song of an upgraded site.
    await site.services.db.insertInto("uploadsServedUntilRenditions").values({ audioKey: out.audioKey }).execute();
    await bumpContentVersion(site.services.db);
    expect((await get(out.audioKey)).status).toBe(200);
    const make = makeStoredRenditions(site.services.db, site.services.storage);
    await make(out.audioKey);
    await make(coming.audioKey);
    const [opus, mp3] = [renditionKey(out.audioKey, "opus"), renditionKey(out.audioKey, "mp3")];
    for (const key of [opus, mp3]) {
      const answer = await get(key);
      expect(answer.status, key).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await get(key, { range: "bytes=0-1" })).status).toBe(206);
    }
    // The upload this process served a moment ago: refused from the gate's next look on.
    await expect.poll(async () => (await get(out.audioKey)).status, { timeout: 10_000 }).toBe(404);
    expect((await get(out.audioKey, { range: "bytes=0-1" })).status).toBe(404);
    expect((await fetch(`${base}/media/${out.audioKey}?v=2`)).status).toBe(404);
    expect((await get(out.audioKey, { cookie: adminCookie })).status).toBe(200);
    // A song not out: neither its upload nor its renditions.
    for (const key of [coming.audioKey, renditionKey(coming.audioKey, "opus"), renditionKey(coming.audioKey, "mp3")])
      expect((await get(key)).status, key).toBe(404);
  });
});

// Issue #30, with S3_PUBLIC_URL: the bucket (or a CDN in front of it) serves
// its objects by name, whatever this site says, so audio not out is kept under
// a name no one can guess (storage-s3.server.ts) and the gate publishes it as
// it comes out (decision 024). s3rver serves every object to anyone: a public bucket.
describe("audio not out yet in a public bucket", () => {
  let site: TestSite;
  let gate: MediaGate;
  let base = "";
  let publicUrl = "";
  let close = () => {};
  const files = createOpenFiles();
  /** Publishes the gate may not finish yet, so a test sees the moment between a release and its publish. */
  const heldBack = new Map<string, Promise<void>>();
  const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
  const legacy = { coming: "music/1700000000000_old-secret.wav", out: "music/1700000000001_old-hit.wav" };

  beforeAll(async () => {
    const endpoint = inject("s3Endpoint");
    const bucket = `gate-${process.pid}-${Date.now()}-${randomBytes(3).toString("hex")}`;
    await createTestBucket(endpoint, bucket);
    publicUrl = `${endpoint}/${bucket}`;
    site = await createTestSite("embedded", {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_PUBLIC_URL: publicUrl,
    });
    const { services } = site;
    // A bucket from before audio was withheld: both songs' audio at their public names.
    const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
    try {
      for (const key of Object.values(legacy)) await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: wav }));
    } finally {
      client.destroy();
    }
    await insertSong("Old Secret", legacy.coming, false);
    await insertSong("Old Hit", legacy.out, true);
    // Songs of a site from before renditions, as migration 0025 lists them.
    await services.db
      .insertInto("uploadsServedUntilRenditions")
      .values(Object.values(legacy).map((audioKey) => ({ audioKey })))
      .execute();

    const storage = services.storage;
    const watched: Pick<Storage, "publish" | "withhold"> = {
      async publish(key) {
        await heldBack.get(key);
        await storage.publish?.(key);
      },
      withhold: async (key) => storage.withhold?.(key),
    };
    gate = createMediaGate(services.db, () => currentContentVersion(services.db), watched);
    const host = mediaHost(services, storage, files, gate);
    const server = http.createServer(host);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    gate.stop();
    files.closeAll();
    await site.cleanup();
  });

  async function insertSong(title: string, audioKey: string, released: boolean) {
    const id = crypto.randomUUID();
    const now = Date.now();
    await insertSingles(site.services.db, [
      {
        id,
        title,
        artist: "Juniper Vale",
        audioKey,
        coverKey: "covers/1700000000000_none.png",
        createdAt: now,
        updatedAt: now,
        ...(released ? {} : { released: 0, releaseAt: now + 86_400_000, releaseTimeZone: "UTC" }),
      },
    ]);
    return id;
  }
  const media = (key: string, headers: Record<string, string> = {}) => fetch(`${base}/media/${key}`, { headers, redirect: "manual" });
  const fromBucket = (key: string) => fetch(`${publicUrl}/${key}`);

  it("withholds, at its first look, the audio of a song not out that the bucket held at its public name", async () => {
    await expect.poll(async () => (await fromBucket(legacy.coming)).status, { timeout: 10_000 }).not.toBe(200);
    expect((await media(legacy.coming)).status).toBe(404);
    // The song that is out stays where it was, and fans are sent there.
    await expect.poll(() => gate.published(legacy.out), { timeout: 10_000 }).toBe(true);
    expect((await fromBucket(legacy.out)).status).toBe(200);
    const answer = await media(legacy.out);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`${publicUrl}/${legacy.out}`);
  });

  it("gives a guessed public URL of a coming song nothing; at its release it plays at once, then from the bucket", async () => {
    const { key: master } = await site.services.storage.put("music", "Night Ferry.wav", Readable.from(wav));
    const id = await insertSong("Night Ferry", master, false);
    await makeStoredRenditions(site.services.db, site.services.storage)(master);
    await bumpContentVersion(site.services.db);
    const key = renditionKey(master, "mp3");
    const rendition = await site.services.storage.read(key);
    if (!rendition) throw new Error("no rendition");
    const bytes = Buffer.concat(await rendition.toArray());
    for (const guessed of [master, key, renditionKey(master, "opus")]) {
      expect((await media(guessed)).status).toBe(404);
      expect((await fromBucket(guessed)).status).not.toBe(200);
    }

    let letPublish = () => {};
    heldBack.set(key, new Promise((resolve) => (letPublish = resolve)));
    await site.services.db
      .updateTable("songs")
      .set({ releaseAt: Date.now() - 1 })
      .where("id", "=", id)
      .execute();
    expect((await releaseDueSongs(site.services.db)).released).toHaveLength(1);

    // Out, not yet published: streamed from where it is withheld, never sent to a 404.
    const streamed = await media(key);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get("location")).toBeNull();
    expect(Buffer.from(await streamed.arrayBuffer())).toEqual(bytes);
    expect((await media(key, { range: "bytes=0-1" })).status).toBe(206);
    expect(gate.published(key)).toBe(false);
    expect((await fromBucket(key)).status).not.toBe(200);

    letPublish();
    await expect.poll(() => gate.published(key), { timeout: 10_000 }).toBe(true);
    const redirected = await media(key);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(`${publicUrl}/${key}`);
    const played = await fromBucket(key);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer())).toEqual(bytes);
    // The master stays withheld.
    expect((await media(master)).status).toBe(404);
    expect((await fromBucket(master)).status).not.toBe(200);
  });

  it("never sends a fan to a release's zip in the bucket, nor serves it", async () => {
    const { key } = await site.services.storage.put("downloads", "Salt Roads-mp3-320-77aa.zip", Readable.from([Buffer.from("PK zip")]));
    const answer = await media(key);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("location")).toBeNull();
    expect((await media(key, { range: "bytes=0-1" })).status).toBe(404);
    expect((await fromBucket(key)).status).not.toBe(200);
    expect(await site.services.storage.stat(key)).toMatchObject({ size: 6 });
  });

  it("publishes a song's renditions once made, and withholds its upload from then on", async () => {
    await expect.poll(() => gate.published(legacy.out), { timeout: 10_000 }).toBe(true);
    await makeStoredRenditions(site.services.db, site.services.storage)(legacy.out);
    const mp3 = renditionKey(legacy.out, "mp3");
    await expect.poll(() => gate.published(mp3), { timeout: 10_000 }).toBe(true);
    const redirected = await media(mp3);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(`${publicUrl}/${mp3}`);
    expect((await fromBucket(mp3)).status).toBe(200);
    expect((await fromBucket(renditionKey(legacy.out, "opus"))).status).toBe(200);
    await expect.poll(async () => (await fromBucket(legacy.out)).status, { timeout: 10_000 }).not.toBe(200);
    expect((await media(legacy.out)).status).toBe(404);
    expect(gate.published(legacy.out)).toBe(false);
  });
});
