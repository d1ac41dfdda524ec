// Durability under the worst stop: a second app process on the e2e site's
// services takes a stream of fan messages, subscriptions (some looking
// automated, so held for review) and new songs (uploads, then the song), and
// is killed with SIGKILL at a random moment, 50 times. After each kill it is
// started again, and every write it had answered must be there (in the inbox,
// the list or Filtered), and no song may point at a missing file. Then SIGTERM: a
// request in flight when it arrives still completes.
import http from "node:http";
import { coverPng, synthWav } from "../../scripts/media/synth.ts";
import { killAppProcesses, startAppProcess } from "./support/app-process.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_EXTRA_PORTS, E2E_URL } from "./support/server-env.ts";
import { deleteStoredKeys, storedKeys } from "./support/storage.ts";
import { personToken } from "./support/form-token.ts";
import type { ChildProcess } from "node:child_process";

const PORT = E2E_EXTRA_PORTS.crash;
const BASE = `http://127.0.0.1:${PORT}`;
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 50);

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code)),
  );

let clientCounter = 0;
/** As the proxy forwards them: the public origin, and a visitor address of its own (the forms' limits are per address). */
const headers = (extra: Record<string, string> = {}) => ({
  origin: E2E_URL,
  "x-forwarded-host": new URL(E2E_URL).host,
  "x-forwarded-for": `10.${150 + (++clientCounter % 50)}.${(clientCounter >> 8) % 256}.${clientCounter % 256}`,
  ...extra,
});

test.describe.serial("durability", () => {
  // A test that ends mid-way (a timeout) leaves its last process running; the next must not meet it.
  test.afterEach(killAppProcesses);

  test(`every answered write survives SIGKILL, ${ROUNDS} times`, async () => {
    // Each round starts a process and is bounded on its own (start-up, at most 8 s of writes); the
    // whole is given room for a busy two-core machine, where a start takes seconds.
    test.setTimeout(ROUNDS * 10_000);
    const password = "correct-horse-battery";
    const email = uniqueEmail("crash-admin");
    await adminCli("create", "--email", email, "--password", password, "--name", "Juniper");
    const signIn = await fetch(`${E2E_URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: E2E_URL, "x-forwarded-for": "10.149.0.1" },
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(signIn.status).toBe(200);
    const wav = new Uint8Array(synthWav({ seconds: 0.3, chords: [[60, 64, 67]], bpm: 120 }));
    const png = new Uint8Array(await coverPng("Crash", ["#000", "#f43f5e"], 128));

    // What the forms' bot checks catch is held, not dropped: one post in six looks automated
    // (a filled honeypot or no form token), and must be found in the Filtered list.
    const answered = {
      messages: [] as string[],
      subscribers: [] as string[],
      held: [] as string[],
      songs: [] as string[],
      uploads: [] as string[],
    };
    const run = `crash-${Date.now()}`;

    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const post = (path: string, body: string | Uint8Array<ArrayBuffer>, extra: Record<string, string>) =>
      fetch(`${BASE}${path}`, { method: "POST", body, headers: headers(extra), redirect: "manual" });

    for (let round = 0; round < ROUNDS; round++) {
      const child = await startAppProcess(PORT);
      let stop = false;
      const writer = async (lane: number) => {
        for (let n = 0; !stop; n++) {
          const id = `${run}-${round}-${lane}-${n}`;
          try {
            if (lane === 0 || lane === 1) {
              const automated = n % 6 === 5;
              const guard: Record<string, string> = automated
                ? n % 12 === 5
                  ? { formStarted: personToken(), website: "http://spam.example" }
                  : {}
                : { formStarted: personToken() };
              const value = lane === 0 ? id : `${id}@example.com`;
              const response = await post(
                lane === 0 ? "/contact" : "/newsletter",
                form({ ...guard, [lane === 0 ? "message" : "email"]: value }),
                {
                  "content-type": "application/x-www-form-urlencoded",
                  accept: "application/json",
                },
              );
              await response.arrayBuffer();
              if (response.status === 200) (automated ? answered.held : lane === 0 ? answered.messages : answered.subscribers).push(value);
            } else {
              const audio = await post(`/api/uploads/audio?name=${id}.wav`, wav, { cookie, "content-type": "audio/wav" });
              const audioKey = audio.status === 201 ? ((await audio.json()) as { key: string }).key : null;
              if (audioKey) answered.uploads.push(audioKey);
              const cover = await post(`/api/uploads/cover?name=${id}.png`, png, { cookie, "content-type": "image/png" });
              const coverKey = cover.status === 201 ? ((await cover.json()) as { key: string }).key : null;
              if (coverKey) answered.uploads.push(coverKey);
              if (!audioKey || !coverKey) continue;
              const song = await post("/api/songs", form({ intent: "create-song", title: id, audioKey, coverKey }), {
                cookie,
                "content-type": "application/x-www-form-urlencoded",
              });
              const result = (await song.json()) as { success: boolean };
              if (song.status === 200 && result.success) answered.songs.push(id);
            }
          } catch {
            return; // the server is gone: whatever had no answer was never acknowledged
          }
        }
      };
      const lanes = [writer(0), writer(1), writer(2)];
      if (round % 5 === 4) {
        // A song takes two uploads first (the cover's variants alone take most of a second), so
        // every fifth round lets one be answered, then kills soon after, often mid-way through the next.
        const songsBefore = answered.songs.length;
        const deadline = Date.now() + 8_000;
        while (answered.songs.length === songsBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
      } else {
        // Anywhere from the first requests after start-up to well into the stream.
        await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 1250));
      }
      child.kill("SIGKILL");
      await exited(child);
      stop = true;
      await Promise.all(lanes);
    }

    // Started once more after the last kill, then everything answered must be there.
    const child = await startAppProcess(PORT);
    try {
      const found = await withE2eDb(async (db) => ({
        messages: new Set(
          (await db.selectFrom("contacts").select("message").where("message", "like", `${run}-%`).execute()).map((r) => r.message),
        ),
        subscribers: new Set(
          (await db.selectFrom("subscribers").select("email").where("email", "like", `${run}-%`).execute()).map((r) => r.email),
        ),
        held: new Set(
          (await db.selectFrom("heldSubmissions").select("payload").where("payload", "like", `%${run}-%`).execute()).map((r) => {
            const payload = JSON.parse(r.payload) as { message?: string; email?: string };
            return payload.message ?? payload.email ?? "";
          }),
        ),
        songs: await db.selectFrom("songs").select(["title", "audioKey", "coverKey"]).execute(),
      }));
      const stored = new Set(await storedKeys());
      console.log(
        `answered: ${answered.messages.length} messages, ${answered.subscribers.length} subscriptions, ${answered.held.length} held, ${answered.uploads.length} uploads, ${answered.songs.length} songs`,
      );
      expect(answered.messages.length, "messages were answered").toBeGreaterThan(ROUNDS);
      expect(answered.songs.length, "songs were answered").toBeGreaterThan(0);
      expect(
        answered.messages.filter((id) => !found.messages.has(id)),
        "answered messages that are missing",
      ).toEqual([]);
      expect(
        answered.subscribers.filter((address) => !found.subscribers.has(address)),
        "answered subscriptions that are missing",
      ).toEqual([]);
      expect(answered.held.length, "automated-looking posts were answered").toBeGreaterThan(0);
      expect(
        answered.held.filter((value) => !found.held.has(value)),
        "answered posts missing from Filtered",
      ).toEqual([]);
      const titles = new Set(found.songs.map((song) => song.title));
      expect(
        answered.songs.filter((title) => !titles.has(title)),
        "answered songs that are missing",
      ).toEqual([]);
      expect(
        answered.uploads.filter((key) => !stored.has(key)),
        "answered uploads whose file is missing",
      ).toEqual([]);
      const broken = found.songs.filter((song) => !stored.has(song.audioKey) || !stored.has(song.coverKey));
      expect(broken, "songs pointing at a missing file").toEqual([]);
    } finally {
      // Leave the site as the other suites expect it: this run's songs (with their
      // files), messages, subscribers, and uploads no song claimed.
      for (const song of await withE2eDb((db) => db.selectFrom("songs").select("id").where("title", "like", `${run}-%`).execute())) {
        await post("/api/songs", form({ intent: "delete-song", id: song.id }), {
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        });
      }
      await withE2eDb(async (db) => {
        await db.deleteFrom("contacts").where("message", "like", `${run}-%`).execute();
        await db.deleteFrom("subscribers").where("email", "like", `${run}-%`).execute();
        await db.deleteFrom("heldSubmissions").where("payload", "like", `%${run}-%`).execute();
        await db.deleteFrom("pendingUploads").where("key", "like", `%${run}-%`).execute();
      });
      await deleteStoredKeys((await storedKeys()).filter((key) => key.includes(`${run}-`)));
      child.kill("SIGTERM");
      await exited(child);
    }
  });

  test("SIGTERM lets a request in flight finish, then the process exits cleanly", async () => {
    const child = await startAppProcess(PORT);
    const email = uniqueEmail("sigterm-admin");
    await adminCli("create", "--email", email, "--password", "correct-horse-battery", "--name", "Juniper");
    const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers() },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // An upload that is still arriving when SIGTERM comes.
    const wav = synthWav({ seconds: 3, chords: [[57, 60, 64]], bpm: 90 });
    const status = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${BASE}/api/uploads/audio?name=in-flight.wav`,
        { method: "POST", headers: { ...headers({ cookie, "content-type": "audio/wav" }), "content-length": String(wav.length) } },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      request.write(wav.subarray(0, wav.length / 2));
      setTimeout(() => {
        child.kill("SIGTERM");
        setTimeout(() => request.end(wav.subarray(wav.length / 2)), 300);
      }, 200);
    });
    const answer = await status;
    expect(answer.status, answer.body).toBe(201);
    expect(await exited(child)).toBe(0);
    const key = (JSON.parse(answer.body) as { key: string }).key;
    expect(await storedKeys()).toContain(key);
    // No song will claim it; the suites after this one count pending uploads.
    await withE2eDb((db) => db.deleteFrom("pendingUploads").where("key", "=", key).execute());
    await deleteStoredKeys([key]);
  });
});
