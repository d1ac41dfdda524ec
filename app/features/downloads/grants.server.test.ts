import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { tokenHash } from "#app/lib/auth/bearer-secrets.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { createGrant, fileAddressHolds, FILE_ADDRESS_LIFE_MS, GRANT_LIFE_MS, openGrant, signedFilePath } from "./grants.server.ts";
import { emailDownload, grantOnTrust, openConfirmedDownloads } from "./fan-downloads.server.ts";
import { DOWNLOAD_MAIL, FAN_TEXT } from "./ui-text.ts";

const HOUR = 60 * 60_000;

/** A release with one track, out or not, offered as `access`. */
async function makeRelease(site: TestSite, title: string, access: "stream" | "free" | "email" | "pay", released = true) {
  const { db } = site.services;
  const id = crypto.randomUUID();
  const now = Date.now();
  await db
    .insertInto("releases")
    .values({ id, slug: id, title, kind: "single", createdAt: now, updatedAt: now, downloadAccess: access, downloadFormats: '["mp3-320"]' })
    .execute();
  await db
    .insertInto("songs")
    .values({
      id: crypto.randomUUID(),
      title,
      artist: "Juniper Vale",
      audioKey: `music/${now}_${id.slice(0, 8)}.wav`,
      coverKey: `covers/${now}_${id.slice(0, 8)}.png`,
      createdAt: now,
      updatedAt: now,
      released: released ? 1 : 0,
      releaseAt: released ? null : now + 30 * 24 * HOUR,
      releaseId: id,
      trackNumber: 1,
      slug: "track",
    })
    .execute();
  return id;
}

const fromClient = (address: string) =>
  new Request("http://localhost/music/x", { method: "POST", headers: { [CLIENT_IP_HEADER]: address } });

describe.each(testStacks)("download grants on %s", (stack) => {
  let site: TestSite;
  let noMail: TestSite;
  beforeAll(async () => {
    // Mail on (an outbox to fill), to a server nobody listens on: nothing here is sent.
    site = await createTestSite(stack, { SMTP_URL: "smtp://127.0.0.1:2", MAIL_FROM: "Juniper Vale <site@example.com>" });
    noMail = await createTestSite(stack);
  });
  afterAll(async () => {
    await site.cleanup();
    await noMail.cleanup();
  });

  it("opens by its token alone, keeps only the token's hash, and ends when it runs out", async () => {
    const { db, env } = site.services;
    const releaseId = await makeRelease(site, "Low Tide", "free");
    const now = Date.now();
    const { id, token } = await createGrant(db, env.authSecret, { releaseId, via: "free", open: true }, now);
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    const row = await db.selectFrom("downloadGrants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await openGrant(db, token, now)).state).toBe("live");
    expect((await openGrant(db, token, now + GRANT_LIFE_MS.free + 1)).state).toBe("gone");
    expect((await openGrant(db, "0".repeat(40), now)).state).toBe("missing");
    await db.updateTable("downloadGrants").set({ revokedAt: now }).where("id", "=", id).execute();
    expect((await openGrant(db, token, now)).state).toBe("gone");
  });

  it("signs each file's address for its grant and format, for an hour", () => {
    const secret = site.services.env.authSecret;
    const now = Date.now();
    const path = signedFilePath(secret, "a".repeat(40), "grant-1", "flac", now);
    expect(path).toMatch(new RegExp(`^/download/${"a".repeat(40)}/flac\\.zip\\?until=\\d+&sig=`));
    const query = new URL(path, "http://localhost").searchParams;
    expect(fileAddressHolds(secret, "grant-1", "flac", query, now)).toBe(true);
    expect(fileAddressHolds(secret, "grant-1", "mp3-320", query, now)).toBe(false);
    expect(fileAddressHolds(secret, "grant-2", "flac", query, now)).toBe(false);
    expect(fileAddressHolds(secret, "grant-1", "flac", query, now + FILE_ADDRESS_LIFE_MS + 1)).toBe(false);
    expect(fileAddressHolds("another-secret-0123456789-0123456789", "grant-1", "flac", query, now)).toBe(false);
  });

  it("gives free and paid downloads only as the release offers them, once it is out, and limits a client's asking", async () => {
    const free = await makeRelease(site, "Free One", "free");
    const paid = await makeRelease(site, "Paid One", "pay");
    const streamed = await makeRelease(site, "Streamed", "stream");
    const coming = await makeRelease(site, "Coming", "free", false);
    const granted = await grantOnTrust(site.services, fromClient("10.0.0.1"), free, "free");
    expect(granted).toMatchObject({ ok: true, path: expect.stringMatching(/^\/download\/[0-9a-f]{40}$/) });
    expect(await grantOnTrust(site.services, fromClient("10.0.0.1"), paid, "pay")).toMatchObject({ ok: true });
    expect(await grantOnTrust(site.services, fromClient("10.0.0.1"), paid, "free")).toMatchObject({
      ok: false,
      status: 409,
      error: FAN_TEXT.notOffered,
    });
    expect(await grantOnTrust(site.services, fromClient("10.0.0.1"), streamed, "free")).toMatchObject({ ok: false, status: 404 });
    expect(await grantOnTrust(site.services, fromClient("10.0.0.1"), coming, "free")).toMatchObject({ ok: false, status: 404 });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await grantOnTrust(site.services, fromClient("10.0.0.2"), free, "free"));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(30);
    expect(await grantOnTrust(site.services, fromClient("10.0.0.2"), free, "free")).toMatchObject({
      ok: false,
      status: 429,
      error: FAN_TEXT.tooMany,
    });
    expect(await grantOnTrust(site.services, fromClient("10.0.0.3"), free, "free")).toMatchObject({ ok: true });
  });

  it("with mail on, waits for a new address to be confirmed, then opens and mails the download once", async () => {
    const { db } = site.services;
    const releaseId = await makeRelease(site, "Harbour Lights", "email");
    const email = `fan-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ask = emailDownload(site.services, releaseId);
    await db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email, timestamp: Date.now(), subscribed: 0, source: "form", pendingSince: Date.now() })
      .execute();
    expect((await ask(db, email)).extra).toEqual({ download: "confirm" });
    expect((await ask(db, email)).extra).toEqual({ download: "confirm" });
    const waiting = await db.selectFrom("downloadGrants").selectAll().where("email", "=", email).execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.openedAt).toBeNull();
    const mailsTo = () =>
      db
        .selectFrom("outbox")
        .innerJoin("mailContents", "mailContents.id", "outbox.contentId")
        .select(["mailContents.subject", "mailContents.text"])
        .where("outbox.recipient", "=", email)
        .execute();
    expect(await mailsTo()).toEqual([]);

    await db
      .updateTable("subscribers")
      .set({ subscribed: 1, confirmedAt: Date.now(), pendingSince: null })
      .where("email", "=", email)
      .execute();
    // Two confirmations at once (a double press): the download opens, and is mailed, once.
    const [first, second] = await Promise.all([openConfirmedDownloads(site.services, email), openConfirmedDownloads(site.services, email)]);
    const opened = [...(first ?? []), ...(second ?? [])];
    expect(opened).toEqual([{ title: "Harbour Lights", path: expect.stringMatching(/^\/download\/[0-9a-f]{40}$/) }]);
    const token = opened[0]!.path.split("/").pop()!;
    expect((await openGrant(db, token)).state).toBe("live");
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(DOWNLOAD_MAIL.subject("Harbour Lights"));
    expect(mails[0]?.text).toContain(`${site.services.env.publicUrl}${opened[0]!.path}`);
    // Confirming again opens nothing more.
    expect(await openConfirmedDownloads(site.services, email)).toEqual([]);

    // Now on the list: asking again mails the link at once, but not twice within the hour.
    expect((await ask(db, email)).extra).toEqual({ download: "mailed" });
    expect(await mailsTo()).toHaveLength(1);
  });

  it("a confirmed subscriber asking for the first time is mailed the link; without mail, the page goes to the download", async () => {
    const { db } = site.services;
    const releaseId = await makeRelease(site, "Salt Road", "email");
    const email = `old-fan-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email, timestamp: Date.now(), subscribed: 1, source: "form", confirmedAt: Date.now() })
      .execute();
    expect((await emailDownload(site.services, releaseId)(db, email)).extra).toEqual({ download: "mailed" });
    const grants = await db.selectFrom("downloadGrants").select(["openedAt", "via"]).where("email", "=", email).execute();
    expect(grants).toEqual([{ openedAt: expect.any(Number), via: "email" }]);

    const offline = await makeRelease(noMail, "Salt Road", "email");
    const answer = await emailDownload(noMail.services, offline)(noMail.services.db, email);
    expect(answer.extra).toEqual({ download: "ready", downloadPath: expect.stringMatching(/^\/download\/[0-9a-f]{40}$/) });
    expect((await openGrant(noMail.services.db, answer.extra.downloadPath!.split("/").pop()!)).state).toBe("live");
  });
});
