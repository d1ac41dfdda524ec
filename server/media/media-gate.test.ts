import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverPng, synthWav } from "#scripts/media/synth.ts";
import { bumpContentVersion, currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { insertSingles } from "#app/domain/song-rows.server.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createHost } from "../host.ts";
import { baseSecurityHeaders } from "../http-security.ts";
import { createRawMediaHandler } from "./local-files.ts";
import { adminMayHear, createMediaGate, type MediaGate } from "./media-gate.ts";
import { createMediaHandler } from "./media-handler.ts";
import { createOpenFiles } from "./open-files.ts";

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
    gate = createMediaGate(services.db, () => currentContentVersion(services.db));
    const pages = express.Router();
    pages.use((_req, res) => res.status(404).send("page"));
    const host = createHost({
      env: services.env,
      development: false,
      assets: [],
      loadApp: async () => ({
        app: pages,
        media: createMediaHandler(services.storage, files, { gate, mayHearWithheld: adminMayHear(services) }),
        checkHealth: async () => {},
      }),
    });
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

  it("serves it to everyone from the moment its release commits, and caches it as any file", async () => {
    const coming = await storedSong("Tide Tables", false);
    expect((await get(coming.audioKey)).status).toBe(404);
    await site.services.db.updateTable("songs").set({ released: 1 }).where("id", "=", coming.id).execute();
    await bumpContentVersion(site.services.db);
    // No waiting for the gate's next look: a key it does not know is asked of the database.
    const out = await get(coming.audioKey);
    expect(out.status).toBe(200);
    expect(out.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const before = rawAnswers;
    expect((await get(coming.audioKey, { range: "bytes=0-1" })).status).toBe(206);
    // On local disk the raw listener now answers it from memory.
    if (stack === "embedded") expect(rawAnswers).toBe(before + 1);
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

  it("serves a song out on upload at once", async () => {
    const out = await storedSong("Paper Boats", true);
    expect((await get(out.audioKey)).status).toBe(200);
  });
});
