// Two more app processes, A and B, on their own ports, sharing the e2e site's
// backing services: on the scale stack one PostgreSQL, one S3 server and one
// Redis; on the embedded stack one SQLite file and one uploads folder. As a
// load balancer would, requests alternate between them, and nothing may depend
// on which process answers.
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { startAppProcess, stopAppProcesses } from "./support/app-process.ts";
import { DASHBOARD_PATH } from "./support/browser.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { renditionsOf, withE2eDb } from "./support/db.ts";
import { expect, test, type APIRequestContext } from "./support/fixtures.ts";
import { E2E_STACK, E2E_EXTRA_PORTS, E2E_URL } from "./support/server-env.ts";
import { readStoredKey, storedKeys } from "./support/storage.ts";

const PORTS = { A: E2E_EXTRA_PORTS.processA, B: E2E_EXTRA_PORTS.processB } as const;
const PASSWORD = "correct-horse-battery";

test.describe.serial(`two app processes sharing one ${E2E_STACK} stack`, () => {
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    await Promise.all([startAppProcess(PORTS.A), startAppProcess(PORTS.B)]);
  });
  test.afterAll(stopAppProcesses);

  /**
   * A client of one process, as the load balancer forwards one visitor: the
   * public origin and host, and the visitor's address.
   */
  async function clientOf(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, port: number, ip: string) {
    return playwright.request.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      extraHTTPHeaders: { origin: E2E_URL, "x-forwarded-host": new URL(E2E_URL).host, "x-forwarded-for": ip },
    });
  }

  test("a song uploaded through A plays through B, and a session made on A is valid on B", async ({ playwright }) => {
    const email = uniqueEmail("multi-admin");
    expect(await adminCli("create", "--email", email, "--password", PASSWORD, "--name", "Juniper")).toContain(email);
    const a = await clientOf(playwright, PORTS.A, "10.200.0.1");
    const b = await clientOf(playwright, PORTS.B, "10.200.0.1");

    const signIn = await a.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    const cookie = signIn
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");

    // The session works on B, which never saw the sign-in.
    const dashboardOnB = await b.get(DASHBOARD_PATH, { headers: { cookie }, maxRedirects: 0 });
    expect(dashboardOnB.status()).toBe(200);
    expect(await dashboardOnB.text()).toMatch(/Welcome, (<!-- -->)?Juniper/);

    // Fans' pages are cached on each process, and both are warm before the change.
    const fanOfA = await clientOf(playwright, PORTS.A, "10.200.0.5");
    const fanOfB = await clientOf(playwright, PORTS.B, "10.200.0.5");
    for (const fan of [fanOfA, fanOfB]) {
      await fan.get("/music");
      const warm = await fan.get("/music");
      expect(warm.headers()["x-page-cache"]).toBe("HIT");
      expect(await warm.text()).not.toContain("Two Rooms");
    }

    // Upload and create the song through A.
    const wav = synthWav({ seconds: 2, chords: [[57, 60, 64]], bpm: 90 });
    const png = await coverPng("Two Rooms", ["#123", "#f97316"], 400);
    const audio = await a.post("/api/uploads/audio?name=two-rooms.wav", { data: wav, headers: { cookie, "content-type": "audio/wav" } });
    const cover = await a.post("/api/uploads/cover?name=two-rooms.png", { data: png, headers: { cookie, "content-type": "image/png" } });
    expect(audio.status()).toBe(201);
    expect(cover.status()).toBe(201);
    const audioKey = ((await audio.json()) as { key: string }).key;
    const coverKey = ((await cover.json()) as { key: string }).key;
    const created = await a.post("/api/songs", {
      form: { intent: "create-song", title: "Two Rooms", audioKey, coverKey },
      headers: { cookie },
    });
    expect(created.status()).toBe(200);
    expect(await storedKeys()).toEqual(expect.arrayContaining([audioKey, coverKey]));

    // Out once A (or B) has made its renditions (decision 026): B lists it on the very next request, and
    // serves the rendition's bytes, whole and by range, as a player asks for them; the upload, never.
    const { fallbackKey } = await renditionsOf(audioKey);
    const mp3 = await readStoredKey(fallbackKey);
    if (!mp3) throw new Error(`${fallbackKey} is not stored`);
    const musicOnB = await fanOfB.get("/music");
    expect(musicOnB.headers()["x-page-cache"]).toBe("MISS");
    expect(await musicOnB.text()).toContain("Two Rooms");
    const whole = await b.get(`/media/${fallbackKey}`);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["content-type"]).toBe("audio/mpeg");
    expect((await whole.body()).equals(mp3)).toBe(true);
    const probe = await b.get(`/media/${fallbackKey}`, { headers: { range: "bytes=0-1" } });
    expect(probe.status()).toBe(206);
    expect(probe.headers()["content-range"]).toBe(`bytes 0-1/${mp3.length}`);
    expect((await probe.body()).equals(mp3.subarray(0, 2))).toBe(true);
    const tail = await b.get(`/media/${fallbackKey}`, { headers: { range: `bytes=${mp3.length - 1000}-` } });
    expect(tail.status()).toBe(206);
    expect((await tail.body()).equals(mp3.subarray(mp3.length - 1000))).toBe(true);
    for (const fan of [fanOfA, fanOfB]) expect((await fan.get(`/media/${audioKey}`)).status()).toBe(404);
    expect((await b.get(`/media/${audioKey}`, { headers: { cookie } })).status()).toBe(200);
    expect((await b.get(`/media/${coverKey}`)).status()).toBe(200);

    // An admin action on B with A's session, then no process serves the files.
    const songId = await withE2eDb(
      async (db) => (await db.selectFrom("songs").select("id").where("title", "=", "Two Rooms").executeTakeFirstOrThrow()).id,
    );
    expect((await b.post("/api/songs", { form: { intent: "delete-song", id: songId }, headers: { cookie } })).status()).toBe(200);
    for (const fan of [fanOfA, fanOfB])
      for (const key of [audioKey, fallbackKey]) expect((await fan.get(`/media/${key}`)).status()).toBe(404);
    expect(await (await fanOfA.get("/music")).text()).not.toContain("Two Rooms");

    // Signing out on B ends the session on A too.
    expect((await b.post("/api/auth/sign-out", { data: {}, headers: { cookie } })).status()).toBe(200);
    expect((await a.get(DASHBOARD_PATH, { headers: { cookie }, maxRedirects: 0 })).status()).toBe(302);
    await Promise.all([a, b, fanOfA, fanOfB].map((client) => client.dispose()));
  });

  test("the sign-in limit counts attempts to both processes", async ({ playwright }) => {
    const a = await clientOf(playwright, PORTS.A, "10.200.0.2");
    const b = await clientOf(playwright, PORTS.B, "10.200.0.2");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const client = attempt % 2 === 0 ? a : b;
      const response = await client.post("/api/auth/sign-in/email", {
        data: { email: "nobody@example.com", password: "wrong-password-1" },
      });
      statuses.push(response.status());
    }
    // 10 per minute per address (docs/decisions/004-auth.md), whichever process answers.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another address is unaffected.
    const other = await clientOf(playwright, PORTS.B, "10.200.0.3");
    expect(
      (await other.post("/api/auth/sign-in/email", { data: { email: "nobody@example.com", password: "wrong-password-1" } })).status(),
    ).toBe(401);
    await Promise.all([a.dispose(), b.dispose(), other.dispose()]);
  });

  test("the contact form's limit counts messages to both processes", async ({ playwright }) => {
    const a = await clientOf(playwright, PORTS.A, "10.200.0.4");
    const b = await clientOf(playwright, PORTS.B, "10.200.0.4");
    const page = await (await a.get("/contact")).text();
    const token = /name="formStarted" value="([^"]+)"/.exec(page)?.[1];
    expect(token).toBeTruthy();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = i % 2 === 0 ? a : b;
      statuses.push(
        (await client.post("/contact", { form: { formStarted: token ?? "", message: `multi-process ${Date.now()} ${i}` } })).status(),
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await Promise.all([a.dispose(), b.dispose()]);
  });
});
