// A bucket the public reads by itself (S3_PUBLIC_URL, decision 024): audio of
// a song not out yet is not in it under its guessable name, and once the song
// is out its rendition plays at once and then from the bucket; its upload never. The scale stack's s3rver
// serves every object to anyone, as a public bucket or a CDN in front of one does.
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { startAppProcess, stopAppProcess } from "./support/app-process.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { deleteSongRows, renditionsOf, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_EXTRA_PORTS, E2E_S3_PORT, E2E_STACK, e2eAppEnv } from "./support/server-env.ts";

const SITE_URL = `http://localhost:${E2E_EXTRA_PORTS.publicBucket}`;
const BUCKET_URL = `http://127.0.0.1:${E2E_S3_PORT}/${e2eAppEnv().S3_BUCKET ?? ""}`;

test.describe("audio in a public bucket", () => {
  test.skip(E2E_STACK !== "scale", "the embedded stack keeps media on local disk, served only through the site");
  let child: ChildProcess | null = null;
  test.beforeAll(async () => {
    child = await startAppProcess(E2E_EXTRA_PORTS.publicBucket, { S3_PUBLIC_URL: BUCKET_URL });
  });
  test.afterAll(async () => {
    if (child) await stopAppProcess(child);
  });

  test("a coming song's audio is not in the bucket by its name; once out it plays at once, then from the bucket", async ({ page }) => {
    await signInAsAdmin(page);
    const title = `Sealed ${randomUUID().slice(0, 4)}`;
    const audio = await page.request.post("/api/uploads/audio?name=sealed.wav", {
      data: synthWav({ seconds: 1, chords: [[57, 60, 64]], bpm: 120 }),
      headers: { "content-type": "audio/wav" },
    });
    const cover = await page.request.post("/api/uploads/cover?name=sealed.png", {
      data: await coverPng(title, ["#111827", "#be123c"], 300),
      headers: { "content-type": "image/png" },
    });
    const key = ((await audio.json()) as { key: string }).key;
    const coverKey = ((await cover.json()) as { key: string }).key;
    const created = await page.request.post("/api/songs", {
      form: {
        intent: "create-song",
        title,
        audioKey: key,
        coverKey,
        releaseAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19),
        releaseTimeZone: "UTC",
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id = ((await created.json()) as { id: string }).id;
    // Its renditions are made long before its day (decision 026); they are what fans get once it is out.
    const { fallbackKey } = await renditionsOf(key, { out: false });
    try {
      // A fan guessing its names, at the bucket and at the site: nothing.
      for (const guessed of [key, fallbackKey]) {
        expect((await fetch(`${BUCKET_URL}/${guessed}`)).status, guessed).toBe(404);
        expect((await fetch(`${SITE_URL}/media/${guessed}`, { redirect: "manual" })).status, guessed).toBe(404);
      }
      // The cover is public from the start (a coming release's page shows it), and the site sends fans to the bucket for it.
      const coverAnswer = await fetch(`${SITE_URL}/media/${coverKey}`, { redirect: "manual" });
      expect(coverAnswer.status).toBe(302);
      expect(coverAnswer.headers.get("location")).toBe(`${BUCKET_URL}/${coverKey}`);

      const released = await page.request.post("/api/songs", { form: { intent: "release-now", id } });
      expect(released.status(), await released.text()).toBe(200);
      // The first play works at once, wherever the bytes are at that moment: an MP3 frame from its first byte.
      const first = await fetch(`${SITE_URL}/media/${fallbackKey}`, { headers: { range: "bytes=0-3" } });
      expect(first.status).toBe(206);
      expect(Buffer.from(await first.arrayBuffer())[0]).toBe(0xff);
      // Then the site publishes it and sends fans to the bucket, which serves it under its name.
      await expect
        .poll(async () => (await fetch(`${SITE_URL}/media/${fallbackKey}`, { redirect: "manual" })).headers.get("location"), {
          timeout: 15_000,
        })
        .toBe(`${BUCKET_URL}/${fallbackKey}`);
      const fromBucket = await fetch(`${BUCKET_URL}/${fallbackKey}`, { headers: { range: "bytes=0-3" } });
      expect(fromBucket.status).toBe(206);
      expect(Buffer.from(await fromBucket.arrayBuffer())[0]).toBe(0xff);
      // The upload, the master, stays out of the bucket and off the site.
      expect((await fetch(`${BUCKET_URL}/${key}`)).status).toBe(404);
      expect((await fetch(`${SITE_URL}/media/${key}`, { redirect: "manual" })).status).toBe(404);
    } finally {
      await withE2eDb((db) => deleteSongRows(db, [id]));
    }
  });
});
