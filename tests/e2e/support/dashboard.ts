// Helpers for the specs that drive the artist's dashboard: an admin's page,
// songs made through the upload API, and what the database holds of them.
import { coverPng, synthWav } from "../../../scripts/media/synth.ts";
import { grantAdmin } from "#app/features/auth/admins.server.ts";
import { signUpDirectly } from "./browser.ts";
import { uniqueEmail } from "./cli.ts";
import { renditionsOf, withE2eDb } from "./db.ts";
import { expect, type APIRequestContext, type Page } from "./fixtures.ts";

export const ADMIN_PASSWORD = "correct-horse-battery";

/** A signed-in admin's page: an account made and signed in directly, then made admin as the CLI's grant does. */
export async function signInAsAdmin(page: Page) {
  const account = { name: "Juniper", email: uniqueEmail("dash-admin"), password: ADMIN_PASSWORD };
  await signUpDirectly(page, account);
  expect(await withE2eDb((db) => grantAdmin({ db }, account.email))).toBe(true);
  return account;
}

/**
 * Uploads a small song through the API with the given request context (an
 * admin's), and waits until it is out; `coming`: out in a month instead, and
 * waits until its renditions are made.
 */
export async function uploadSong(request: APIRequestContext, title: string, options: { coming?: boolean } = {}) {
  const wav = synthWav({ seconds: 1, chords: [[60, 64, 67]], bpm: 120 });
  const png = await coverPng(title.slice(0, 20), ["#222", "#a3e635"], 300);
  const audio = await request.post("/api/uploads/audio?name=a.wav", { data: wav, headers: { "content-type": "audio/wav" } });
  const cover = await request.post("/api/uploads/cover?name=c.png", { data: png, headers: { "content-type": "image/png" } });
  expect(audio.status()).toBe(201);
  expect(cover.status()).toBe(201);
  const audioKey = ((await audio.json()) as { key: string }).key;
  const coverKey = ((await cover.json()) as { key: string }).key;
  const coming: Record<string, string> = options.coming
    ? { releaseAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16), releaseTimeZone: "UTC" }
    : {};
  const created = await request.post("/api/songs", { form: { intent: "create-song", title, audioKey, coverKey, ...coming } });
  expect(created.status(), await created.text()).toBe(200);
  // Out once its renditions are made, seconds later (decision 026): the song as fans meet it.
  await renditionsOf(audioKey, { out: !options.coming });
  return { id: ((await created.json()) as { id: string }).id, audioKey, coverKey };
}

export const pendingCount = () =>
  withE2eDb(async (db) =>
    Number(
      (
        await db
          .selectFrom("pendingUploads")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

export const songIdOf = (title: string) =>
  withE2eDb(async (db) => (await db.selectFrom("songs").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id);

/** Slows the page's uplink (Chrome DevTools Protocol), so an upload takes seconds. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () => cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}
