// Bad input, property-based (fast-check), against the real server on each
// stack: every action and endpoint that takes input gets random, oversize,
// wrong-type, Unicode, control-character and injection-shaped values. Each
// answer must be a success the input deserved, or a 4xx carrying a message,
// never a 5xx; and no invalid row may be stored. The forms' own zod schemas
// are the oracle: what they accept must be stored exactly as they parse it,
// what they refuse must come back with their message and store nothing.
//
// A failure prints fast-check's seed and the smallest input it found;
// FC_SEED=<seed> replays it, FC_RUNS=<n> changes the number of cases.
import sharp from "sharp";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { synthWav, coverPng } from "../../scripts/media/synth.ts";
import { contactFormSchema } from "#app/features/inbox/schema.ts";
import { loginSchema } from "#app/features/auth/schema.ts";
import { subscribeFormSchema } from "#app/features/newsletter/schema.ts";
import { newSongSchema, songEditSchema } from "#app/features/songs/schema.ts";
import { RELEASE_TEXT } from "#app/features/songs/ui-text.ts";
import { zonedTimeToInstant } from "#app/lib/time/zoned-time.ts";
import { photoUploadSchema } from "#app/features/photos/schema.ts";
import { parseLinkRequest } from "#app/features/listening-links/schema.ts";
import { parseOffer } from "#app/features/downloads/schema.ts";
import { pressFileUploadSchema } from "#app/features/press/schema.ts";
import { MAX_PRESS_FILE_BYTES, PRESS_FILES_TEXT } from "#app/features/press/ui-text.ts";
import { mailingDraftSchema } from "#app/features/mailings/schema.ts";
import { newLinkId } from "#app/lib/mail/mail-links.ts";
import { parseBatchRequest } from "#app/features/downloads/codes-schema.ts";
import { CODE_ALPHABET, normaliseCode } from "#app/features/downloads/code-format.ts";
import { REDEEM_TEXT } from "#app/features/downloads/codes-ui-text.ts";
import { parseShowInput, SHOW_STATUSES, showRequestSchema } from "#app/features/shows/schema.ts";
import { RANGE_DAYS } from "#app/features/numbers/schema.ts";
import { dayRange } from "#app/features/numbers/numbers-series.ts";
import { NUMBERS_TEXT } from "#app/features/numbers/ui-text.ts";
import { bumpContentVersion, currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { releaseZipStates } from "#app/features/downloads/release-zips.server.ts";
import { siteSectionSchemas } from "#app/domain/site/site-config-schema.ts";
import { SOCIAL_PLATFORM_IDS } from "#app/domain/site/social-platforms.ts";
import { FORM_STARTED_FIELD } from "#app/lib/http/form-guard.ts";
import { containsNul, FORM_ERRORS } from "#app/lib/http/read-form.server.ts";
import { readOembedQuery, songAddressFromUrl } from "#app/features/syndication/oembed.server.ts";
import { selectSongs, type SongRow } from "#app/domain/song-rows.server.ts";
import { EMBED_MIN_SIZE, type SongAddress } from "#app/domain/public-paths.ts";
import { DASHBOARD_PATH } from "./support/browser.ts";
import { adminCli, demoCli, uniqueEmail } from "./support/cli.ts";
import { renditionsOf, withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { asSent, freshClientIp, inHtml, maybe, nastyEmail, nastyText } from "./support/nasty-input.ts";
import { E2E_URL } from "./support/server-env.ts";
import { deleteStoredKeys, readStoredKey, storedKeys } from "./support/storage.ts";
import { personToken } from "./support/form-token.ts";

const RUNS = Number(process.env.FC_RUNS ?? 60);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const check = <T>(property: fc.IAsyncPropertyWithHooks<T>, runs = RUNS) =>
  fc.assert(property, { numRuns: runs, seed: SEED, endOnFailure: true });

/** A "form started" token as the page would have issued it, old enough to be a person's. */

type Sent = { status: number; text: string; json: unknown; location: string | null; type: string };

async function send(path: string, init: { body?: BodyInit; contentType?: string; cookie?: string; method?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = { origin: E2E_URL, "x-forwarded-for": freshClientIp() };
  if (init.contentType) headers["content-type"] = init.contentType;
  if (init.cookie) headers.cookie = init.cookie;
  const response = await fetch(`${E2E_URL}${path}`, { method: init.method ?? "POST", headers, body: init.body, redirect: "manual" });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: the text is the answer.
  }
  return {
    status: response.status,
    text,
    json,
    location: response.headers.get("location"),
    type: response.headers.get("content-type") ?? "",
  };
}

/** A urlencoded form; fields left undefined are not sent at all. */
function form(fields: Record<string, string | undefined>): { body: string; contentType: string } {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.append(name, value);
  return { body: params.toString(), contentType: "application/x-www-form-urlencoded" };
}

const errorOf = (sent: Sent): string | null => {
  // What Node's parser refuses (an address too long to read) is answered in plain text.
  if (sent.type.startsWith("text/plain")) return sent.text.trim() || null;
  const body = sent.json;
  if (body && typeof body === "object") {
    for (const key of ["error", "message"] as const) {
      const value = (body as Record<string, unknown>)[key];
      if (typeof value === "string" && value.trim() !== "") return value;
    }
  }
  return null;
};

/** A refusal a person can act on: 4xx, and the message we expect (in the page or the JSON). */
function expectRefusal(sent: Sent, message?: string) {
  expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
  if (message === undefined) {
    expect(errorOf(sent), `no message in ${sent.text.slice(0, 300)}`).toBeTruthy();
  } else if (sent.json !== null) {
    expect(errorOf(sent)).toBe(message);
  } else {
    expect(sent.text, `"${message}" not in the page`).toContain(inHtml(message));
  }
}

/** A null character anywhere in a form is refused before anything else looks at it. */
const nulIn = (...values: (string | undefined)[]) => values.some(containsNul);

const rowCount = (table: "contacts" | "subscribers" | "songs" | "user") =>
  withE2eDb(async (db) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

/** Removes the files a test uploaded, and their pending-upload rows, so later tests start clean. */
async function removeUploads(keys: string[]) {
  await deleteStoredKeys(keys);
  if (keys.length) await withE2eDb((db) => db.deleteFrom("pendingUploads").where("key", "in", keys).execute());
}

// Range and conditional headers for /media/ (security issue #13): validators
// are templates ({etag}, {date:SECONDS}) filled in with the file's own, so a
// counterexample prints as text.
const MEDIA_CSP = "default-src 'none'; sandbox";
/** Any Unicode as a client sends it in UTF-8 and the server reads it, byte by byte, minus what fetch refuses in a header. */
const headerText = fc.string({ unit: "binary", maxLength: 30 }).map((text) =>
  Buffer.from(text, "utf8")
    .toString("latin1")
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, ""),
);
const bytePosition = (size: number) =>
  fc.oneof(
    fc.integer({ min: 0, max: size + 20 }).map(String),
    fc.constantFrom(0, 1, size - 1, size, size + 1).map(String),
    fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String),
  );
const rangeSpec = (size: number) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.integer({ min: 0, max: size + 20 }), fc.nat({ max: size }))
        .map(([first, extra]) => `${first}-${first + extra}`),
    },
    fc.tuple(bytePosition(size), bytePosition(size)).map(([first, last]) => `${first}-${last}`),
    bytePosition(size).map((first) => `${first}-`),
    bytePosition(size).map((length) => `-${length}`),
    fc.constantFrom("-", "", " ", "abc", "1-2-3", "1e3-", "\u00a01-2"),
  );
const rangeHeader = (size: number) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.oneof({ weight: 6, arbitrary: fc.constant("bytes=") }, fc.constantFrom("Bytes=", "items=", "bytes =", "bytes= ", "")),
          fc.array(rangeSpec(size), { minLength: 1, maxLength: 4 }),
          fc.constantFrom(",", ", ", ",,", " , ", ",,,,"),
        )
        .map(([unit, specs, separator]) => `${unit}${specs.join(separator)}`),
    },
    { weight: 1, arbitrary: headerText },
  );
const tagTemplate = fc.oneof(
  fc.constantFrom("{etag}", "W/{etag}", "*", '"nope"', '"nope", {etag}', "{etag},,", "{etag}x", '""'),
  headerText,
);
const dateTemplate = fc.oneof(
  fc
    .oneof(fc.constant(0), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -172_800, max: 172_800 }))
    .map((seconds) => `{date:${seconds}}`),
  fc.constantFrom("1", "yesterday", "2999-01-01", "Sun, 31 Feb 2021 00:00:00 GMT"),
  headerText,
);
/** Present in about one request in five, so requests mix a few conditions. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
const mediaRequest = (size: number) =>
  fc.record({
    method: fc.constantFrom("GET", "GET", "GET", "HEAD"),
    headers: fc.record({
      range: fc.option(rangeHeader(size), { nil: undefined, freq: 6 }),
      "if-range": rarely(fc.oneof(tagTemplate, dateTemplate)),
      "if-match": rarely(tagTemplate),
      "if-none-match": rarely(tagTemplate),
      "if-modified-since": rarely(dateTemplate),
      "if-unmodified-since": rarely(dateTemplate),
    }),
  });

/** The generated headers with the file's validators put in, the absent ones left out. */
function mediaHeaders(templates: Record<string, string | undefined>, etag: string, lastModified: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(templates)) {
    if (template === undefined) continue;
    headers[name] = template
      .replaceAll("{etag}", etag)
      .replace(/\{date:(-?\d+)\}/g, (_match, seconds: string) => new Date(Date.parse(lastModified) + Number(seconds) * 1000).toUTCString());
  }
  return headers;
}

let adminCookie = "";
test.beforeAll(async () => {
  const email = uniqueEmail("bad-input-admin");
  const password = "correct-horse-battery";
  await adminCli("create", "--email", email, "--password", password, "--name", "Juniper");
  const signIn = await fetch(`${E2E_URL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: E2E_URL, "x-forwarded-for": freshClientIp() },
    body: JSON.stringify({ email, password }),
  });
  expect(signIn.status).toBe(200);
  adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

test.describe("bad input never gets a 5xx or an invalid row", () => {
  test.describe.configure({ timeout: 240_000 });

  test("contact form: stored exactly as validated, or refused with its message", async () => {
    await check(
      fc.asyncProperty(maybe(nastyText), maybe(nastyEmail), maybe(nastyText), async (name, email, message) => {
        const before = await rowCount("contacts");
        const sent = await send("/contact", form({ name, email, message, [FORM_STARTED_FIELD]: personToken() }));
        if (nulIn(name, email, message)) {
          expectRefusal(sent, FORM_ERRORS.nulCharacter);
          expect(await rowCount("contacts")).toBe(before);
          return;
        }
        const expected = contactFormSchema.safeParse({
          name: name && asSent(name),
          email: email && asSent(email),
          message: message && asSent(message),
        });
        if (!expected.success) {
          expectRefusal(sent, expected.error.issues[0]?.message);
          expect(await rowCount("contacts")).toBe(before);
          return;
        }
        expect(sent.status, sent.text.slice(0, 300)).toBe(200);
        const newest = await withE2eDb((db) =>
          db
            .selectFrom("contacts")
            .select(["name", "email", "message", "status", "source"])
            .orderBy("timestamp", "desc")
            .limit(1)
            .executeTakeFirstOrThrow(),
        );
        expect(newest).toEqual({ ...expected.data, status: "unread", source: "website" });
        expect(await rowCount("contacts")).toBe(before + 1);
      }),
    );
  });

  test("newsletter: subscribed exactly as validated, or refused with its message", async () => {
    await check(
      fc.asyncProperty(maybe(nastyEmail), async (email) => {
        const sent = await send("/newsletter", form({ email, [FORM_STARTED_FIELD]: personToken() }));
        const expected = subscribeFormSchema.safeParse({ email: email && asSent(email) });
        if (nulIn(email) || !expected.success) {
          const before = await rowCount("subscribers");
          expectRefusal(sent, nulIn(email) ? FORM_ERRORS.nulCharacter : expected.error?.issues[0]?.message);
          expect(await rowCount("subscribers")).toBe(before);
          return;
        }
        expect(sent.status, sent.text.slice(0, 300)).toBe(200);
        const row = await withE2eDb((db) =>
          db.selectFrom("subscribers").select(["email", "subscribed"]).where("email", "=", expected.data.email).executeTakeFirst(),
        );
        expect(row).toEqual({ email: expected.data.email, subscribed: 1 });
      }),
    );
  });

  test("login and sign-up form: in only with valid details, a message otherwise, no account from bad input", async () => {
    const intent = fc.oneof({ weight: 4, arbitrary: fc.constantFrom("signin", "signup") }, { weight: 1, arbitrary: nastyText });
    await check(
      fc.asyncProperty(maybe(intent), maybe(nastyText), maybe(nastyEmail), maybe(nastyText), async (intentValue, name, email, password) => {
        const users = await rowCount("user");
        const sent = await send("/login", form({ intent: intentValue, name, email, password }));
        const expected = loginSchema.safeParse({
          intent: intentValue,
          name: name && asSent(name),
          email: email && asSent(email),
          password: password && asSent(password),
        });
        expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
        if (nulIn(intentValue, name, email, password) || !expected.success) {
          expectRefusal(sent, nulIn(intentValue, name, email, password) ? FORM_ERRORS.nulCharacter : expected.error?.issues[0]?.message);
          expect(await rowCount("user")).toBe(users);
          return;
        }
        // Valid details: a new account signs in (302), anything else is refused with the provider's message.
        if (sent.status === 302) {
          expect(expected.data.intent).toBe("signup");
          const row = await withE2eDb((db) =>
            db.selectFrom("user").select(["email", "name", "role"]).where("email", "=", expected.data.email).executeTakeFirst(),
          );
          expect(row).toEqual({
            email: expected.data.email,
            name: expected.data.intent === "signup" ? expected.data.name : "",
            role: "user",
          });
        } else {
          expect(sent.status).toBe(400);
          expect(sent.text).toMatch(/Invalid email or password|too common|[Ii]nvalid|[Pp]assword/);
          expect(await rowCount("user")).toBe(users);
        }
      }),
      Math.ceil(RUNS / 2),
    );
  });

  test("sign-in and sign-up API: wrong types and shapes are refused with a message", async () => {
    const value = fc.oneof(
      nastyText,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
    );
    const body = fc.record({ email: value, password: value, name: value, rememberMe: value, callbackURL: value }, { requiredKeys: [] });
    await check(
      fc.asyncProperty(fc.constantFrom("/api/auth/sign-in/email", "/api/auth/sign-up/email"), body, async (path, fields) => {
        const users = await rowCount("user");
        const sent = await send(path, { body: JSON.stringify(fields), contentType: "application/json" });
        const plausible = typeof fields.email === "string" && typeof fields.password === "string" && fields.password.length >= 8;
        if (sent.status < 400) {
          expect(plausible, `accepted ${JSON.stringify(fields)}`).toBe(true);
        } else {
          expectRefusal(sent);
        }
        if (!plausible) expect(await rowCount("user")).toBe(users);
      }),
    );
  });

  test("uploads: only real audio and images are kept, under a safe name; anything else a message and no file", async () => {
    const wav = synthWav({ seconds: 0.2, chords: [[60, 64, 67]], bpm: 120 });
    const png = await coverPng("Bad input", ["#000", "#f43f5e"], 64);
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 4096 }),
      fc.constant(new Uint8Array()),
      fc.constantFrom(
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        new TextEncoder().encode("<!doctype html><script>alert(1)</script>"),
        new TextEncoder().encode("#!/bin/sh\nrm -rf /\n"),
        new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]),
      ),
      // Real headers with the rest cut off or replaced.
      fc
        .tuple(fc.constantFrom(new Uint8Array(wav), new Uint8Array(png)), fc.nat(), fc.uint8Array({ maxLength: 256 }))
        .map(([file, cut, tail]) => {
          const head = file.subarray(0, cut % file.length);
          const joined = new Uint8Array(head.length + tail.length);
          joined.set(head);
          joined.set(tail, head.length);
          return joined;
        }),
      // And whole, valid files, so the accepting side is exercised too.
      fc.constantFrom(new Uint8Array(wav), new Uint8Array(png)),
    );
    // Header values are Latin-1 at most: fetch itself refuses anything else.
    const anyHeaderValue = fc.string({ maxLength: 60 }).map((value) => value.replace(/[^\x20-\x7e]/g, ""));
    const contentType = fc.option(
      fc.oneof(
        fc.constantFrom("audio/wav", "image/png", "image/svg+xml", "text/html", "application/octet-stream", "multipart/form-data"),
        anyHeaderValue,
      ),
      { nil: undefined },
    );
    const before = new Set(await storedKeys());
    try {
      await check(
        fc.asyncProperty(fc.constantFrom("audio", "cover"), maybe(nastyText), bytes, contentType, async (kind, name, body, type) => {
          const keysBefore = await storedKeys();
          const query = name === undefined ? "" : `?name=${encodeURIComponent(name)}`;
          const sent = await send(`/api/uploads/${kind}${query}`, { body, contentType: type, cookie: adminCookie });
          if (sent.status === 201) {
            const file = sent.json as { key: string; url: string; size: number };
            // A safe key in its own folder, with the extension the bytes proved.
            expect(file.key).toMatch(
              kind === "audio"
                ? /^music\/[A-Za-z0-9._-]+\.(wav|mp3|ogg|oga|opus|flac|m4a|aac|webm)$/
                : /^covers\/[A-Za-z0-9._-]+\.(png|jpe?g|webp|avif|gif)$/,
            );
            expect(file.key).not.toContain("..");
            // Audio no song is out with is no fan's to fetch (issue #30); the artist who sent it hears it.
            const fan = await fetch(`${E2E_URL}${file.url}`);
            expect(fan.status).toBe(kind === "audio" ? 404 : 200);
            const served = kind === "audio" ? await fetch(`${E2E_URL}${file.url}`, { headers: { cookie: adminCookie } }) : fan;
            expect(served.status).toBe(200);
            expect(served.headers.get("x-content-type-options")).toBe("nosniff");
            expect(served.headers.get("content-type") ?? "").toMatch(kind === "audio" ? /^audio\// : /^image\/(?!svg)/);
            const bytes = Buffer.from(await served.arrayBuffer());
            if (kind === "audio") expect(bytes.equals(Buffer.from(body))).toBe(true);
            else {
              // A cover is kept as its pixels only, its metadata taken out (issue #30): the same picture.
              const [sent, kept] = await Promise.all([sharp(Buffer.from(body)).metadata(), sharp(bytes).metadata()]);
              expect([kept.format, kept.width, kept.height, kept.exif]).toEqual([sent.format, sent.width, sent.height, undefined]);
            }
            return;
          }
          expectRefusal(sent);
          const keysAfter = await storedKeys();
          expect(keysAfter).toEqual(keysBefore);
        }),
        Math.ceil(RUNS / 2),
      );
    } finally {
      await removeUploads((await storedKeys()).filter((key) => !before.has(key)));
    }
  });

  test("song actions: a song only from valid details and files it owns; a message otherwise", async () => {
    const wav = synthWav({ seconds: 0.2, chords: [[60, 64, 67]], bpm: 120 });
    const png = await coverPng("Song", ["#000", "#f43f5e"], 64);
    const upload = async (kind: "audio" | "cover") => {
      const sent = await send(`/api/uploads/${kind}?name=${kind === "audio" ? "take.wav" : "cover.png"}`, {
        body: new Uint8Array(kind === "audio" ? wav : png),
        cookie: adminCookie,
      });
      expect(sent.status).toBe(201);
      return (sent.json as { key: string }).key;
    };
    const songsBefore = await withE2eDb((db) => db.selectFrom("songs").select("id").execute());
    const keysBefore = new Set(await storedKeys());
    const link = fc.oneof(
      nastyText,
      fc.webUrl(),
      fc.constantFrom(
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "https://",
        "http://example.com/a b",
        "HTTPS://OPEN.SPOTIFY.COM/track/1",
      ),
    );
    const intent = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("create-song", "mark-latest", "release-now", "delete-song") },
      { weight: 1, arbitrary: nastyText },
    );
    try {
      await check(
        fc.asyncProperty(
          maybe(intent),
          maybe(nastyText),
          fc.constantFrom("real", "missing", "other-kind", "nasty"),
          maybe(link),
          maybe(link),
          maybe(nastyText),
          maybe(nastyText),
          // A release time: real, in a DST gap, on no calendar, past, too far, or noise; and its zone.
          maybe(
            fc.oneof(
              nastyText,
              fc.constantFrom(
                "2031-03-30T20:00",
                "2031-03-30T02:30",
                "2031-02-30T20:00",
                "2020-01-01T10:00",
                "2099-01-01T10:00",
                "2031-03-30T20:00:61",
              ),
            ),
          ),
          maybe(fc.oneof(nastyText, fc.constantFrom("Europe/Berlin", "UTC", "Mars/Base"))),
          async (intentValue, title, files, spotify, youtube, durationMs, id, releaseAt, releaseTimeZone) => {
            let audioKey: string | undefined;
            let coverKey: string | undefined;
            if (intentValue === "create-song" && files !== "missing") {
              const [audio, cover] = [await upload("audio"), await upload("cover")];
              [audioKey, coverKey] =
                files === "real" ? [audio, cover] : files === "other-kind" ? [cover, audio] : [`music/../${audio}`, `covers/${id ?? "x"}`];
            }
            const songs = await rowCount("songs");
            const sent = await send("/api/songs", {
              ...form({ intent: intentValue, title, audioKey, coverKey, spotify, youtube, durationMs, id, releaseAt, releaseTimeZone }),
              cookie: adminCookie,
            });
            if (nulIn(intentValue, title, audioKey, coverKey, spotify, youtube, durationMs, id, releaseAt, releaseTimeZone)) {
              expectRefusal(sent, FORM_ERRORS.nulCharacter);
              expect(await rowCount("songs")).toBe(songs);
              return;
            }
            if (intentValue === "create-song") {
              const scheduled = releaseAt !== undefined && asSent(releaseAt).trim() !== "";
              const expected = newSongSchema.safeParse({
                title: title === undefined ? "" : asSent(title),
                audioKey,
                coverKey,
                streamingLinks: { spotify: spotify && asSent(spotify), youtube: youtube && asSent(youtube) },
                release: scheduled
                  ? { at: asSent(releaseAt), timeZone: releaseTimeZone === undefined ? "" : asSent(releaseTimeZone) }
                  : null,
              });
              const release =
                expected.success && expected.data.release
                  ? zonedTimeToInstant(expected.data.release.at, expected.data.release.timeZone)
                  : null;
              const releaseError = !release
                ? null
                : !release.ok
                  ? release.message
                  : release.instant <= Date.now()
                    ? RELEASE_TEXT.inThePast
                    : release.instant > Date.now() + 5 * 366 * 24 * 60 * 60_000
                      ? RELEASE_TEXT.tooFar
                      : null;
              if (expected.success && files === "real" && releaseError) {
                expectRefusal(sent, releaseError);
                expect(await rowCount("songs")).toBe(songs);
                return;
              }
              if (expected.success && files === "real") {
                expect(sent.status, sent.text).toBe(200);
                const id = (sent.json as { id: string }).id;
                const song = await withE2eDb((db) =>
                  db
                    .selectFrom("songs")
                    .select(["title", "audioKey", "coverKey", "spotifyUrl", "youtubeUrl"])
                    .where("id", "=", id)
                    .executeTakeFirstOrThrow(),
                );
                expect(song).toEqual({
                  title: expected.data.title,
                  audioKey,
                  coverKey,
                  spotifyUrl: expected.data.streamingLinks.spotify,
                  youtubeUrl: expected.data.streamingLinks.youtube,
                });
                // Scheduled, it waits for its day; otherwise it comes out once its renditions are made (decision 026).
                const released = () =>
                  withE2eDb(
                    async (db) => (await db.selectFrom("songs").select("released").where("id", "=", id).executeTakeFirstOrThrow()).released,
                  );
                if (release) expect(await released()).toBe(0);
                else await expect.poll(released, { timeout: 20_000 }).toBe(1);
                return;
              }
              expectRefusal(sent, expected.success ? undefined : expected.error.issues[0]?.message);
              expect(await rowCount("songs")).toBe(songs);
              return;
            }
            // Mark latest or delete, on ids that name no song; or an intent that is no intent.
            expectRefusal(sent);
            expect(await rowCount("songs")).toBe(songs);
          },
        ),
        Math.ceil(RUNS / 2),
      );
      // Every song the site holds is one a person could have made.
      const rows = await withE2eDb((db) => db.selectFrom("songs").selectAll().execute());
      const keys = new Set(await storedKeys());
      for (const row of rows) {
        expect(row.title.trim()).toBe(row.title);
        expect(row.title.length).toBeGreaterThan(0);
        expect(keys.has(row.audioKey) && keys.has(row.coverKey)).toBe(true);
        for (const url of [row.spotifyUrl, row.appleUrl, row.amazonUrl, row.youtubeUrl]) expect(url).toMatch(/^(|https?:\/\/\S+)$/i);
      }
    } finally {
      const created = (await withE2eDb((db) => db.selectFrom("songs").select("id").execute())).filter(
        (row) => !songsBefore.some((old) => old.id === row.id),
      );
      for (const row of created) await send("/api/songs", { ...form({ intent: "delete-song", id: row.id }), cookie: adminCookie });
      await removeUploads((await storedKeys()).filter((key) => !keysBefore.has(key)));
    }
  });

  test("song edits: stored exactly as the edit schema parses them, or refused with a message and the song unchanged", async () => {
    const wav = synthWav({ seconds: 0.2, chords: [[60, 64, 67]], bpm: 120 });
    const png = await coverPng("Edit", ["#000", "#38bdf8"], 64);
    const keysBefore = new Set(await storedKeys());
    // Every song made here goes, whichever step fails: one left behind would be in the next spec's library.
    const songsBefore = new Set((await withE2eDb((db) => db.selectFrom("songs").select("id").execute())).map((song) => song.id));
    const key = async (kind: "audio" | "cover", body: Buffer) =>
      (
        (
          await send(`/api/uploads/${kind}?name=${kind === "audio" ? "a.wav" : "c.png"}`, {
            body: new Uint8Array(body),
            cookie: adminCookie,
          })
        ).json as { key: string }
      ).key;
    let id = "";
    const row = () =>
      withE2eDb((db) =>
        db
          .selectFrom("songs")
          .select(["title", "spotifyUrl", "youtubeUrl", "coverKey", "updatedAt"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow(),
      );
    const link = fc.oneof(nastyText, fc.webUrl(), fc.constantFrom("javascript:alert(1)", "data:text/html,x", "https://"));
    try {
      const created = await send("/api/songs", {
        ...form({ intent: "create-song", title: "Edit me", audioKey: await key("audio", wav), coverKey: await key("cover", png) }),
        cookie: adminCookie,
      });
      expect(created.status, created.text).toBe(200);
      id = (created.json as { id: string }).id;
      await check(
        fc.asyncProperty(
          nastyText,
          maybe(link),
          maybe(link),
          fc.oneof(fc.constant("current"), nastyText),
          async (title, spotify, youtube, version) => {
            const before = await row();
            const expectedUpdatedAt = version === "current" ? String(before.updatedAt) : version;
            const sent = await send("/api/songs", {
              ...form({ intent: "update-song", id, expectedUpdatedAt, title, spotify, youtube }),
              cookie: adminCookie,
            });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const expected = songEditSchema.safeParse({
              id,
              expectedUpdatedAt: before.updatedAt,
              title: asSent(title),
              streamingLinks: {
                spotify: spotify === undefined ? "" : asSent(spotify),
                youtube: youtube === undefined ? "" : asSent(youtube),
              },
            });
            if (!nulIn(title, spotify, youtube, version) && version === "current" && expected.success) {
              expect(sent.status, sent.text.slice(0, 300)).toBe(200);
              const after = await row();
              expect({ title: after.title, spotifyUrl: after.spotifyUrl, youtubeUrl: after.youtubeUrl, coverKey: after.coverKey }).toEqual({
                title: expected.data.title,
                spotifyUrl: expected.data.streamingLinks.spotify,
                youtubeUrl: expected.data.streamingLinks.youtube,
                coverKey: before.coverKey,
              });
              return;
            }
            expectRefusal(sent);
            expect(await row()).toEqual(before);
          },
        ),
        Math.ceil(RUNS / 2),
      );
    } finally {
      const made = (await withE2eDb((db) => db.selectFrom("songs").select("id").execute())).filter((song) => !songsBefore.has(song.id));
      for (const song of made) await send("/api/songs", { ...form({ intent: "delete-song", id: song.id }), cookie: adminCookie });
      await removeUploads((await storedKeys()).filter((k) => !keysBefore.has(k)));
    }
  });

  test("message actions: ids and intents of any shape get a message; only a real id changes anything", async () => {
    const id = fc.oneof(nastyText, fc.uuid());
    const jsonValue = fc.oneof(
      nastyText,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 2 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    const intent = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("mark-read", "delete") }, { weight: 1, arbitrary: nastyText });
    const asJson = fc.boolean();
    await check(
      fc.asyncProperty(maybe(intent), maybe(id), jsonValue, asJson, async (intentValue, idValue, oddId, json) => {
        const before = await withE2eDb((db) => db.selectFrom("contacts").select(["id", "status"]).orderBy("id").execute());
        const sent = json
          ? await send("/api/messages", {
              body: JSON.stringify({ intent: intentValue, id: idValue ?? oddId }),
              contentType: "application/json",
              cookie: adminCookie,
            })
          : await send("/api/messages", { ...form({ intent: intentValue, id: idValue }), cookie: adminCookie });
        expectRefusal(sent);
        expect(await withE2eDb((db) => db.selectFrom("contacts").select(["id", "status"]).orderBy("id").execute())).toEqual(before);
      }),
    );
  });

  test("filtered actions: ids and intents of any shape get a message; nothing is released or deleted", async () => {
    const id = fc.oneof(nastyText, fc.uuid());
    const intent = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("release", "delete") }, { weight: 1, arbitrary: nastyText });
    const snapshot = () =>
      withE2eDb(async (db) => ({
        held: await db.selectFrom("heldSubmissions").select("id").orderBy("id").execute(),
        contacts: await db.selectFrom("contacts").select("id").orderBy("id").execute(),
        subscribers: await db.selectFrom("subscribers").select(["email", "subscribed"]).orderBy("email").execute(),
      }));
    await check(
      fc.asyncProperty(maybe(intent), maybe(id), async (intentValue, idValue) => {
        const before = await snapshot();
        expectRefusal(await send("/api/filtered", { ...form({ intent: intentValue, id: idValue }), cookie: adminCookie }));
        expect(await snapshot()).toEqual(before);
      }),
    );
  });

  test("photo actions and uploads: ids, intents, slots and descriptions of any shape get a message; no photo changes", async () => {
    const id = fc.oneof(nastyText, fc.uuid());
    const intent = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("update", "remove", "move") }, { weight: 1, arbitrary: nastyText });
    const snapshot = () => withE2eDb((db) => db.selectFrom("photos").selectAll().orderBy("id").execute());
    const keysBefore = new Set(await storedKeys());
    await check(
      fc.asyncProperty(
        maybe(intent),
        maybe(id),
        maybe(nastyText),
        maybe(nastyText),
        maybe(nastyText),
        async (intentValue, idValue, alt, focalX, direction) => {
          const before = await snapshot();
          // No photo has an id a fan could guess, so every action is refused, whatever its shape.
          expectRefusal(
            await send("/api/photos", { ...form({ intent: intentValue, id: idValue, alt, focalX, direction }), cookie: adminCookie }),
          );
          expect(await snapshot()).toEqual(before);
        },
      ),
    );
    // An upload whose slot or description is wrong is refused before its body is read; nothing is stored.
    await check(
      fc.asyncProperty(maybe(nastyText), maybe(nastyText), maybe(nastyText), async (slot, alt, focalX) => {
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries({ slot, alt, focalX })) if (value !== undefined) query.set(name, value);
        const expected = photoUploadSchema.safeParse({ slot, alt, focalX });
        fc.pre(!expected.success);
        const before = await snapshot();
        expectRefusal(
          await send(`/api/uploads/photo?${query.toString()}&name=p.jpg`, {
            body: new Uint8Array([0xff, 0xd8, 0xff]),
            cookie: adminCookie,
          }),
        );
        expect(await snapshot()).toEqual(before);
      }),
      Math.min(RUNS, 40),
    );
    expect((await storedKeys()).filter((key) => !keysBefore.has(key))).toEqual([]);
  });

  test("press kit files: titles, names and bytes of any shape get a message; only a PDF within the limit is kept", async () => {
    const rows = () => withE2eDb((db) => db.selectFrom("pressFiles").selectAll().orderBy("id").execute());
    const keysBefore = new Set(await storedKeys());
    const pdfHead = Buffer.from("%PDF-1.7\n");
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((tail) => Buffer.concat([pdfHead, tail])),
      fc.uint8Array({ maxLength: 300 }).map((all) => Buffer.from(all)),
      fc.constantFrom("%pdf-1.4", " %PDF-1.4", "%PDF", "\uFEFF%PDF-1.4", "GIF89a", "PK\u0003\u0004", "").map((text) => Buffer.from(text)),
      fc.constant(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])),
    );
    try {
      await check(
        fc.asyncProperty(maybe(nastyText), maybe(nastyText), bytes, async (title, name, body) => {
          const before = await rows();
          const query = new URLSearchParams();
          if (title !== undefined) query.set("title", title);
          if (name !== undefined) query.set("name", name);
          const sent = await send(`/api/uploads/press?${query.toString()}`, { body: new Uint8Array(body), cookie: adminCookie });
          const expected = pressFileUploadSchema.safeParse({ title: title === undefined ? undefined : asSent(title) });
          // An address too long for Node to read is refused before any route, in a sentence of its own.
          if (sent.type.startsWith("text/plain")) {
            expectRefusal(sent);
            expect(await rows()).toEqual(before);
            return;
          }
          if (!expected.success) {
            expectRefusal(sent, expected.error.issues[0]?.message);
            expect(await rows()).toEqual(before);
            return;
          }
          if (body.length === 0 || !body.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
            expectRefusal(sent, body.length === 0 ? PRESS_FILES_TEXT.noFile : PRESS_FILES_TEXT.notPdf);
            expect(await rows()).toEqual(before);
            return;
          }
          expect(sent.status, sent.text.slice(0, 300)).toBe(201);
          const file = (sent.json as { file: { id: string; title: string; size: number } }).file;
          expect([file.title, file.size]).toEqual([expected.data.title, body.length]);
          const served = await fetch(`${E2E_URL}/press/files/${file.id}/x.pdf`);
          expect(Buffer.from(await served.arrayBuffer()).equals(body)).toBe(true);
          // Removed again, so the kit never fills up and stays empty for the specs that follow.
          const removed = await send("/api/press-files", { ...form({ intent: "remove", id: file.id }), cookie: adminCookie });
          expect(removed.json).toEqual({ success: true });
          expect(await rows()).toEqual(before);
        }),
        Math.min(RUNS, 40),
      );
      // Too large, said by its length: refused before it is read, with the limit in the words.
      const large = Buffer.alloc(MAX_PRESS_FILE_BYTES + 1);
      pdfHead.copy(large);
      expectRefusal(
        await send("/api/uploads/press?title=Big&name=big.pdf", { body: new Uint8Array(large), cookie: adminCookie }),
        PRESS_FILES_TEXT.tooLarge,
      );
      // Removals of any shape: no file has an id anyone could guess, so each is refused and nothing changes.
      await check(
        fc.asyncProperty(maybe(fc.oneof(fc.constant("remove"), nastyText)), maybe(fc.oneof(nastyText, fc.uuid())), async (intent, id) => {
          const before = await rows();
          expectRefusal(await send("/api/press-files", { ...form({ intent, id }), cookie: adminCookie }));
          expect(await rows()).toEqual(before);
        }),
        Math.min(RUNS, 30),
      );
      expect(await rows()).toEqual([]);
      expect((await storedKeys()).filter((key) => !keysBefore.has(key))).toEqual([]);
    } finally {
      await withE2eDb((db) => db.deleteFrom("pressFiles").execute());
    }
  });

  test("site settings: a part is stored exactly as its schema parses it, or refused with a message and nothing stored", async () => {
    const stored = (section: string) =>
      withE2eDb((db) => db.selectFrom("siteSettings").select(["data", "revision"]).where("section", "=", section).executeTakeFirst());
    const save = async (section: string, fields: Record<string, string | undefined>) => {
      const revision = String((await stored(section))?.revision ?? 0);
      return send("/api/site", { ...form({ intent: "save", section, revision, ...fields }), cookie: adminCookie });
    };
    const platform = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SOCIAL_PLATFORM_IDS) }, { weight: 1, arbitrary: nastyText });
    const url = fc.oneof(
      nastyText,
      fc.webUrl(),
      fc.constantFrom("javascript:alert(1)", "data:text/html,x", "mailto:a@example.com", "//evil.example"),
    );
    try {
      await check(
        fc.asyncProperty(nastyText, nastyText, nastyText, async (heroHeading, heroText, aboutPreview) => {
          const before = await stored("home");
          const sent = await save("home", { heroHeading, heroText, aboutPreview });
          const expected = siteSectionSchemas.home.safeParse({ heroHeading, heroText, aboutPreview });
          if (containsNul([heroHeading, heroText, aboutPreview]) || !expected.success) {
            expectRefusal(sent);
            expect(await stored("home")).toEqual(before);
          } else {
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            expect(JSON.parse((await stored("home"))?.data ?? "null")).toEqual(expected.data);
          }
        }),
      );
      await check(
        fc.asyncProperty(fc.array(fc.tuple(platform, url), { maxLength: 3 }), async (links) => {
          const before = await stored("social");
          const fields = Object.fromEntries(
            links.flatMap(([p, u], i) => [
              [`links.${i}.platform`, p],
              [`links.${i}.url`, u],
            ]),
          );
          const sent = await save("social", fields);
          const expected = siteSectionSchemas.social.safeParse({ links: links.map(([p, u]) => ({ platform: p, url: u })) });
          if (containsNul(links) || !expected.success) {
            expectRefusal(sent);
            expect(await stored("social")).toEqual(before);
          } else {
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            expect(JSON.parse((await stored("social"))?.data ?? "null")).toEqual(expected.data);
          }
        }),
      );
      // The press kit's words: bios, quotes with their links, a contact's name and address.
      await check(
        fc.asyncProperty(
          maybe(nastyText),
          fc.array(fc.tuple(nastyText, nastyText, maybe(url)), { maxLength: 2 }),
          maybe(nastyText),
          maybe(nastyEmail),
          async (shortBio, quotes, name, email) => {
            const before = await stored("press");
            const fields: Record<string, string | undefined> = {
              shortBio,
              "contacts.booking.name": name,
              "contacts.booking.email": email,
              ...Object.fromEntries(
                quotes.flatMap(([text, source, link], i) => [
                  [`quotes.${i}.text`, text],
                  [`quotes.${i}.source`, source],
                  [`quotes.${i}.url`, link],
                ]),
              ),
            };
            const sent = await save("press", fields);
            const booking = name === undefined && email === undefined ? undefined : { name, email };
            const expected = siteSectionSchemas.press.safeParse({
              shortBio,
              quotes: quotes.map(([text, source, link]) => ({ text, source, url: link })),
              contacts: booking ? { booking } : undefined,
            });
            if (containsNul([shortBio, quotes, name, email]) || !expected.success) {
              expectRefusal(sent);
              expect(await stored("press")).toEqual(before);
            } else {
              expect(sent.status, sent.text.slice(0, 300)).toBe(200);
              expect(JSON.parse((await stored("press"))?.data ?? "null")).toEqual(expected.data);
            }
          },
        ),
        Math.min(RUNS, 40),
      );
      // Ways to support the artist: a heading, payment links (a label and an address), bank details.
      await check(
        fc.asyncProperty(
          maybe(nastyText),
          fc.array(fc.tuple(nastyText, url), { maxLength: 3 }),
          maybe(nastyText),
          async (heading, links, bankTransfer) => {
            const before = await stored("support");
            const fields: Record<string, string | undefined> = {
              heading,
              bankTransfer,
              ...Object.fromEntries(
                links.flatMap(([label, address], i) => [
                  [`links.${i}.label`, label],
                  [`links.${i}.url`, address],
                ]),
              ),
            };
            const sent = await save("support", fields);
            const expected = siteSectionSchemas.support.safeParse({
              heading,
              bankTransfer,
              links: links.map(([label, address]) => ({ label, url: address })),
            });
            if (containsNul([heading, links, bankTransfer]) || !expected.success) {
              expectRefusal(sent);
              expect(await stored("support")).toEqual(before);
            } else {
              expect(sent.status, sent.text.slice(0, 300)).toBe(200);
              expect(JSON.parse((await stored("support"))?.data ?? "null")).toEqual(expected.data);
            }
          },
        ),
        Math.min(RUNS, 40),
      );
      // Field names of any shape build no object the schema did not ask for.
      await check(
        fc.asyncProperty(
          nastyText,
          nastyText,
          fc.constantFrom("artist", "bio", "contact", "press", "support", "nowhere", "__proto__"),
          async (name, value, section) => {
            const before = await stored(section);
            const sent = await save(section, { [name]: value, "__proto__.polluted": "yes", "constructor.prototype.x": "1" });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            if (sent.status !== 200) expectRefusal(sent);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
            if (sent.status !== 200) expect(await stored(section)).toEqual(before);
          },
        ),
        Math.min(RUNS, 30),
      );
    } finally {
      await withE2eDb(async (db) => {
        await db.deleteFrom("siteSettingVersions").execute();
        await db.deleteFrom("siteSettings").execute();
        await db
          .updateTable("contentVersion")
          .set((eb) => ({ version: eb("version", "+", 1) }))
          .execute();
      });
    }
  });

  test("mailings: a draft is stored exactly as its schema parses it, or refused; a line break never reaches a subject; nothing is queued", async () => {
    // Weighted so that many runs store a draft (checked at the end): saves of a new draft with a
    // usable subject and text are common, the odd shapes around them less so.
    const none = { weight: 1, arbitrary: fc.constant(undefined) };
    const usable = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim() !== "");
    const intent = fc.oneof(
      { weight: 4, arbitrary: fc.constant("save") },
      { weight: 3, arbitrary: fc.constantFrom("preview", "test", "send", "delete") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const id = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.oneof(nastyText, fc.uuid()) });
    const subject = fc.oneof(
      { weight: 4, arbitrary: usable(60) },
      { weight: 1, arbitrary: nastyText },
      { weight: 1, arbitrary: fc.constantFrom("New song\r\nBcc: all@example.com", "New\nsong", "Tour\u2028dates", "  Fine subject  ") },
      none,
    );
    const text = fc.oneof({ weight: 4, arbitrary: usable(200) }, { weight: 1, arbitrary: nastyText }, none);
    let stored = 0;
    const mailings = () => withE2eDb((db) => db.selectFrom("mailings").select(["id", "subject", "body", "songId"]).orderBy("id").execute());
    const queued = () => withE2eDb(async (db) => (await db.selectFrom("outbox").select("id").execute()).length);
    await check(
      fc.asyncProperty(
        intent,
        id,
        subject,
        text,
        maybe(nastyText),
        maybe(fc.constant("yes")),
        async (intentValue, id, subjectValue, body, songId, confirm) => {
          const [before, outboxBefore] = await Promise.all([mailings(), queued()]);
          const sent = await send(`${DASHBOARD_PATH}/mail`, {
            ...form({ intent: intentValue, id, subject: subjectValue, body, songId, confirm }),
            cookie: adminCookie,
          });
          expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
          const after = await mailings();
          const draft = mailingDraftSchema.safeParse({ subject: subjectValue, body, songId });
          const added = after.filter((row) => !before.some((old) => old.id === row.id));
          const changed = after.filter((row) => before.some((old) => old.id === row.id && JSON.stringify(old) !== JSON.stringify(row)));
          stored += added.length + changed.length;
          for (const row of [...added, ...changed]) {
            // Whatever was stored is what the schema makes of what was sent.
            expect(draft.success).toBe(true);
            expect({ subject: row.subject, body: row.body, songId: row.songId }).toEqual(draft.data);
          }
          for (const row of after) expect(row.subject).not.toMatch(/[\r\n\u2028\u2029]/);
          // This server has no mail: nothing is ever queued.
          expect(await queued()).toBe(outboxBefore);
        },
      ),
    );
    // The property was tried on drafts that were stored, not only on refusals.
    expect(stored).toBeGreaterThan(0);
  });

  test("shows: a show is stored exactly as its schema parses it, or refused with nothing changed; a skipped hour or a date that does not exist never is", async () => {
    const SEEDED = "fuzz-seeded-show";
    const none = { weight: 1, arbitrary: fc.constant(undefined) };
    const usable = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((value) => value.trim() !== "");
    const local = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 16)),
      },
      {
        weight: 2,
        // Skipped hours (Berlin, New York), dates that do not exist, an hour that happens twice, before 1970.
        arbitrary: fc.constantFrom(
          "2027-03-28T02:30",
          "2027-03-14T02:15",
          "2027-02-29T20:00",
          "2027-04-31T20:00",
          "2027-13-01T20:00",
          "2027-01-01T24:00",
          "2027-10-31T02:30",
          "1969-12-31T23:00",
          "2027-03-28 20:00",
        ),
      },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const zone = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("Europe/Berlin", "America/New_York", "UTC", "Australia/Sydney", "Asia/Kolkata") },
      { weight: 1, arbitrary: fc.constantFrom("Mars/Olympus", "europe/berlin", "", "Etc/GMT+5", "Europe/Berlin\n") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const text = (max: number) => fc.oneof({ weight: 4, arbitrary: usable(max) }, { weight: 1, arbitrary: nastyText }, none);
    const ticket = fc.oneof(
      { weight: 2, arbitrary: fc.webUrl({ validSchemes: ["https"] }) },
      { weight: 1, arbitrary: fc.webUrl() },
      { weight: 1, arbitrary: fc.constantFrom("", "javascript:alert(1)", "https://user:pw@example.com/", "//evil.example", "https://x") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const status = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...SHOW_STATUSES) }, { weight: 1, arbitrary: nastyText }, none);
    const intent = fc.oneof(
      { weight: 4, arbitrary: fc.constant("add") },
      { weight: 2, arbitrary: fc.constantFrom("edit", "remove") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const id = fc.oneof({ weight: 2, arbitrary: fc.constant(SEEDED) }, { weight: 1, arbitrary: fc.oneof(nastyText, fc.uuid()) }, none);
    const snapshot = () =>
      withE2eDb((db) =>
        db
          .selectFrom("shows")
          .select(["id", "startsLocal", "timeZone", "startsAt", "venue", "city", "country", "ticketUrl", "status"])
          .orderBy("id")
          .execute(),
      );
    const seed = () =>
      withE2eDb(async (db) => {
        if (await db.selectFrom("shows").select("id").where("id", "=", SEEDED).executeTakeFirst()) return;
        await db
          .insertInto("shows")
          .values({
            id: SEEDED,
            startsLocal: "2027-06-01T20:00",
            timeZone: "UTC",
            startsAt: Date.parse("2027-06-01T20:00:00Z"),
            venue: "Seeded Hall",
            city: "Leeds",
            country: "United Kingdom",
            ticketUrl: null,
            status: "scheduled",
            createdAt: 1,
            updatedAt: 1,
          })
          .execute();
      });
    let stored = 0;
    try {
      await check(
        fc.asyncProperty(
          intent,
          id,
          // Half the time a show a person could have meant (so edits and adds are stored too), else anything.
          fc.oneof(
            fc.record({
              startsLocal: local.filter((value) => value !== undefined),
              timeZone: fc.constantFrom("Europe/Berlin", "America/New_York", "UTC", "Australia/Sydney", "Asia/Kolkata"),
              venue: usable(100),
              city: usable(60),
              country: usable(60),
              ticketUrl: fc.oneof(fc.constant(""), fc.webUrl({ validSchemes: ["https"] })),
              status: fc.constantFrom(...SHOW_STATUSES),
            }),
            fc.record({
              startsLocal: local,
              timeZone: zone,
              venue: text(130),
              city: text(90),
              country: text(90),
              ticketUrl: ticket,
              status,
            }),
          ),
          async (intentValue, idValue, show) => {
            await seed();
            const fields = { intent: intentValue, id: idValue, ...show };
            const before = await snapshot();
            const sent = await send(`${DASHBOARD_PATH}/shows`, { ...form(fields), cookie: adminCookie });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const after = await snapshot();
            const asFields = Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [name, value === undefined ? undefined : asSent(value)]),
            );
            const wanted = showRequestSchema.safeParse(asFields);
            const parsed = parseShowInput(asFields);
            const unchanged = () => {
              expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
              expect(after).toEqual(before);
            };
            if (nulIn(...Object.values(fields)) || !wanted.success) return unchanged();
            const wantedId = wanted.data.intent === "add" ? null : wanted.data.id;
            const existed = before.some((row) => row.id === wantedId);
            if (wanted.data.intent === "remove") {
              if (!existed) return unchanged();
              expect(sent.status).toBe(200);
              expect(after).toEqual(before.filter((row) => row.id !== wantedId));
              return;
            }
            if (!parsed.ok || (wanted.data.intent === "edit" && !existed)) return unchanged();
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            // Whatever was stored is what the schema makes of what was sent, its instant included.
            const row =
              wanted.data.intent === "edit"
                ? after.find((r) => r.id === wantedId)
                : after.find((r) => !before.some((old) => old.id === r.id));
            expect(after).toHaveLength(before.length + (wanted.data.intent === "add" ? 1 : 0));
            expect(row && { ...row, id: undefined }).toEqual({ ...parsed.show, id: undefined });
            stored += 1;
          },
        ),
      );
    } finally {
      await withE2eDb(async (db) => {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom("shows").execute();
          await bumpContentVersion(trx);
        });
      });
    }
    // The property was tried on shows that were stored, not only on refusals.
    expect(stored).toBeGreaterThan(0);
  });

  test("download codes: a batch only as its rules allow; a code of any shape opens a download page only when it is one of ours", async () => {
    const releaseId = randomUUID();
    const songId = randomUUID();
    const now = Date.now();
    await withE2eDb(async (db) => {
      await db
        .insertInto("releases")
        .values({
          id: releaseId,
          slug: `codes-${releaseId.slice(0, 8)}`,
          title: "Fuzz Codes",
          kind: "single",
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await db
        .insertInto("songs")
        .values({
          id: songId,
          title: "Fuzz Codes",
          artist: "Juniper Vale",
          audioKey: `music/${now}_codes.wav`,
          coverKey: `covers/${now}_codes.png`,
          createdAt: now,
          updatedAt: now,
          released: 1,
          releaseId,
          trackNumber: 1,
          slug: "fuzz-codes",
        })
        .execute();
    });
    const page = `${DASHBOARD_PATH}/codes`;
    const none = { weight: 1, arbitrary: fc.constant(undefined) };
    const number = (max: number) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
        { weight: 2, arbitrary: fc.integer({ min: -5, max: max + 5 }).map(String) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            "",
            " 7 ",
            "07",
            "1e2",
            "0x10",
            "1,000",
            "2.5",
            "\u0663",
            "+3",
            "Infinity",
            String(max),
            String(max + 1),
          ),
        },
        { weight: 1, arbitrary: nastyText },
        none,
      );
    const day = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .date({ min: new Date(now + 86_400_000), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      },
      { weight: 2, arbitrary: fc.constantFrom("", " ", "2020-01-01", "2027-02-31", "2027-13-01", "27-01-01", "tomorrow") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const snapshot = () =>
      withE2eDb(async (db) => ({
        batches: await db
          .selectFrom("codeBatches")
          .select(["id", "count", "usesPerCode", "expiresAt", "note"])
          .where("releaseId", "=", releaseId)
          .orderBy("id")
          .execute(),
        codes: await db
          .selectFrom("downloadCodes")
          .innerJoin("codeBatches", "codeBatches.id", "downloadCodes.batchId")
          .select(["downloadCodes.batchId", "downloadCodes.usesLeft"])
          .where("codeBatches.releaseId", "=", releaseId)
          .orderBy("downloadCodes.id")
          .execute(),
      }));
    try {
      let made = 0;
      await check(
        fc.asyncProperty(
          fc.record({
            intent: fc.oneof(
              { weight: 6, arbitrary: fc.constant("make") },
              { weight: 1, arbitrary: fc.constantFrom("end", "restore") },
              { weight: 1, arbitrary: nastyText },
            ),
            releaseId: fc.oneof(
              { weight: 5, arbitrary: fc.constant(releaseId) },
              { weight: 1, arbitrary: fc.oneof(nastyText, fc.uuid()) },
              none,
            ),
            count: number(1000),
            uses: number(100),
            expires: day,
            zone: fc.oneof(fc.constantFrom("UTC", "Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago"), nastyText),
            note: fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 210 }) }, { weight: 1, arbitrary: nastyText }, none),
            batchId: maybe(fc.oneof(nastyText, fc.uuid())),
          }),
          async (fields) => {
            const before = await snapshot();
            const sent = await send(page, { ...form(fields), cookie: adminCookie });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const after = await snapshot();
            const unchanged = () => {
              expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
              expect(after).toEqual(before);
            };
            if (nulIn(...Object.values(fields))) return unchanged();
            const asFields = Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [name, value === undefined ? undefined : asSent(value)]),
            );
            // Ending or restoring a batch that is not there, or asking for nothing the area does: nothing changes.
            if (asFields.intent !== "make") return unchanged();
            const parsed = parseBatchRequest(asFields);
            if (!parsed.ok || parsed.request.releaseId !== releaseId) return unchanged();
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            expect(sent.text).toContain("Your new codes");
            const batch = after.batches.find((row) => !before.batches.some((old) => old.id === row.id));
            expect(after.batches).toHaveLength(before.batches.length + 1);
            expect(batch).toMatchObject({
              count: parsed.request.count,
              usesPerCode: parsed.request.usesPerCode,
              note: parsed.request.note,
            });
            expect(batch?.expiresAt == null ? null : Number(batch.expiresAt)).toBe(parsed.request.expiresAt);
            const codes = after.codes.filter((row) => row.batchId === batch?.id);
            expect(codes).toHaveLength(parsed.request.count);
            expect(codes.every((row) => Number(row.usesLeft) === parsed.request.usesPerCode)).toBe(true);
            made += 1;
          },
        ),
      );
      expect(made).toBeGreaterThan(0);

      // Redeeming: five codes of a hundred uses each, typed in any spelling, among anything at all.
      const batch = await send(page, { ...form({ intent: "make", releaseId, count: "5", uses: "100" }), cookie: adminCookie });
      expect(batch.status).toBe(200);
      const ours = [...new Set(batch.text.match(/[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}/g) ?? [])];
      expect(ours).toHaveLength(5);
      const ourNormalised = new Set(ours.map((code) => normaliseCode(code)));
      const symbol = fc.constantFrom(...CODE_ALPHABET, ..."ilouILOU -\u2013 ");
      const spelled = fc
        .tuple(fc.constantFrom(...ours), fc.constantFrom("lower", "upper", "spaced", "bare", "dashes"))
        .map(([code, how]) =>
          how === "lower"
            ? code.toLowerCase()
            : how === "spaced"
              ? ` ${code.replace("-", " ")} `
              : how === "bare"
                ? code.replace("-", "")
                : how === "dashes"
                  ? code.replace("-", "").split("").join("-")
                  : code,
        );
      const typed = fc.oneof(
        { weight: 2, arbitrary: spelled },
        { weight: 3, arbitrary: fc.string({ unit: symbol, minLength: 8, maxLength: 14 }) },
        { weight: 3, arbitrary: nastyText },
        none,
      );
      const grants = () =>
        withE2eDb(async (db) =>
          Number(
            (
              await db
                .selectFrom("downloadGrants")
                .select((eb) => eb.fn.countAll().as("n"))
                .where("releaseId", "=", releaseId)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        );
      let redeemed = 0;
      await check(
        fc.asyncProperty(typed, async (code) => {
          const before = await grants();
          const sent = await send("/redeem", form({ code }));
          const text = asSent(code ?? "");
          if (nulIn(code)) {
            expectRefusal(sent, FORM_ERRORS.nulCharacter);
          } else if (text.trim() !== "" && ourNormalised.has(normaliseCode(text))) {
            expect(sent.status, sent.text.slice(0, 300)).toBe(303);
            expect(sent.location).toMatch(/^\/download\/[0-9a-f]{40}$/);
            expect(await grants()).toBe(before + 1);
            redeemed += 1;
            return;
          } else {
            expectRefusal(
              sent,
              text.trim() === "" ? REDEEM_TEXT.blank : normaliseCode(text) === null ? REDEEM_TEXT.malformed : REDEEM_TEXT.notOurs,
            );
          }
          expect(await grants()).toBe(before);
        }),
      );
      expect(redeemed).toBeGreaterThan(0);
    } finally {
      await withE2eDb(async (db) => {
        await db.deleteFrom("songs").where("id", "=", songId).execute();
        await db.deleteFrom("releases").where("id", "=", releaseId).execute();
      });
    }
  });

  test("private listening links: a link only from a name and a day its rules allow; beacons, downloads and signed media of any shape open nothing", async () => {
    const releaseId = randomUUID();
    const songId = randomUUID();
    const now = Date.now();
    await withE2eDb(async (db) => {
      await db
        .insertInto("releases")
        .values({ id: releaseId, slug: `fuzz-${releaseId.slice(0, 8)}`, title: "Fuzz EP", kind: "ep", createdAt: now, updatedAt: now })
        .execute();
      await db
        .insertInto("songs")
        .values({
          id: songId,
          title: "Fuzz Track",
          artist: "Juniper Vale",
          audioKey: `music/${now}_fuzz.wav`,
          coverKey: `covers/${now}_fuzz.png`,
          createdAt: now,
          updatedAt: now,
          released: 0,
          releaseAt: now + 30 * 86_400_000,
          releaseTimeZone: "UTC",
          releaseId,
          trackNumber: 1,
          slug: "fuzz-track",
        })
        .execute();
    });
    const editor = `${DASHBOARD_PATH}/music/${releaseId}`;
    const none = { weight: 1, arbitrary: fc.constant(undefined) };
    const day = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .date({ min: new Date(now + 86_400_000), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      },
      { weight: 2, arbitrary: fc.constantFrom("", " ", "2020-01-01", "2027-02-31", "2027-13-01", "27-01-01", "2027-1-1", "tomorrow") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const zone = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("UTC", "Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago") },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const target = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("release", songId) },
      { weight: 1, arbitrary: fc.oneof(nastyText, fc.uuid()) },
      none,
    );
    const recipient = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 130 }) },
      { weight: 1, arbitrary: nastyText },
      none,
    );
    const box = fc.oneof(fc.constantFrom("on", "1", "off", ""), nastyText, fc.constant(undefined));
    const intent = fc.oneof(
      { weight: 5, arbitrary: fc.constant("link-create") },
      { weight: 1, arbitrary: fc.constantFrom("link-revoke", "link-extend", "link-restore") },
      { weight: 1, arbitrary: nastyText },
    );
    const links = () =>
      withE2eDb((db) =>
        db
          .selectFrom("listeningLinks")
          .select(["id", "recipient", "releaseId", "songId", "expiresAt", "allowDownload", "revokedAt", "visits", "plays"])
          .orderBy("id")
          .execute(),
      );
    let stored = 0;
    try {
      await check(
        fc.asyncProperty(
          fc.record({
            intent,
            recipient,
            expires: day,
            zone,
            target,
            allowDownload: box,
            notify: box,
            linkId: maybe(fc.oneof(nastyText, fc.uuid())),
          }),
          async (fields) => {
            const before = await links();
            const sent = await send(editor, { ...form({ ...fields, id: releaseId }), cookie: adminCookie });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const after = await links();
            const unchanged = () => {
              expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
              expect(after).toEqual(before);
            };
            if (nulIn(...Object.values(fields))) return unchanged();
            const asFields = Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [name, value === undefined ? undefined : asSent(value)]),
            );
            // Ending, restoring or moving the end of a link that is not on this release: nothing changes.
            if (asFields.intent !== "link-create") return unchanged();
            const parsed = parseLinkRequest(asFields);
            if (!parsed.ok || (parsed.request.target !== "release" && parsed.request.target !== songId)) return unchanged();
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            const made = after.filter((row) => !before.some((old) => old.id === row.id));
            expect(made).toHaveLength(1);
            expect(made[0]).toMatchObject({
              recipient: parsed.request.recipient,
              releaseId: parsed.request.target === "release" ? releaseId : null,
              songId: parsed.request.target === "release" ? null : songId,
              allowDownload: parsed.request.allowDownload ? 1 : 0,
            });
            expect(made[0]?.expiresAt === null ? null : Number(made[0]?.expiresAt)).toBe(parsed.request.expiresAt);
            stored += 1;
          },
        ),
      );
      expect(stored).toBeGreaterThan(0);

      // A link's other doors: any token, body or media query opens nothing and counts nothing.
      const token = fc.oneof(
        fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 40, maxLength: 40 }),
        nastyText.map(encodeURIComponent).filter((t) => t !== "" && t !== "." && t !== ".."),
      );
      await check(
        fc.asyncProperty(
          token,
          maybe(nastyText),
          fc.oneof(nastyText, fc.uuid()),
          fc.record({
            link: maybe(fc.oneof(nastyText, fc.uuid())),
            until: maybe(fc.oneof(nastyText, fc.integer().map(String))),
            sig: maybe(nastyText),
          }),
          async (tokenValue, intentValue, song, query) => {
            const before = await links();
            const beacon = await send(`/listen/${tokenValue}/beacon`, form({ intent: intentValue }));
            expect(beacon.status, beacon.text.slice(0, 200)).toBeGreaterThanOrEqual(400);
            expect(beacon.status).toBeLessThan(500);
            const download = await fetch(`${E2E_URL}/listen/${tokenValue}/download/${encodeURIComponent(song)}`, { redirect: "manual" });
            // A canonical redirect of an odd spelling, or a refusal; never a file.
            expect(
              download.status === 301 || download.status === 308 || (download.status >= 400 && download.status < 500),
              String(download.status),
            ).toBe(true);
            const params = new URLSearchParams();
            for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, value);
            const media = await fetch(`${E2E_URL}/media/music/${now}_fuzz.wav?${params}`, { redirect: "manual" });
            // A refusal (the 404 of a file not there, a query too long or too odd to read): never the audio.
            expect(media.status >= 400 && media.status < 500, String(media.status)).toBe(true);
            expect(await links()).toEqual(before);
          },
        ),
      );
    } finally {
      await withE2eDb(async (db) => {
        await db.deleteFrom("songs").where("id", "=", songId).execute();
        await db.deleteFrom("releases").where("id", "=", releaseId).execute();
      });
    }
  });

  test("downloads: an offer only as its rules allow; a release page's download forms and any download address of any shape give nothing unasked", async () => {
    const releaseId = randomUUID();
    const slug = `fuzz-dl-${releaseId.slice(0, 8)}`;
    const now = Date.now();
    await withE2eDb((db) =>
      db
        .insertInto("releases")
        .values({ id: releaseId, slug, title: "Fuzz Downloads", kind: "single", createdAt: now, updatedAt: now })
        .execute(),
    );
    // A real master, out: its zips are made rather than failing for a missing file (a release whose
    // every format failed offers no download, which would change the answers below as the jobs ran).
    const uploaded = await send("/api/uploads/audio?name=fuzz-download.wav", {
      body: new Uint8Array(synthWav({ seconds: 0.3, chords: [[60, 64, 67]], bpm: 120 })),
      cookie: adminCookie,
    });
    expect(uploaded.status, uploaded.text.slice(0, 300)).toBe(201);
    const cover = await send("/api/uploads/cover?name=fuzz-download.png", {
      body: new Uint8Array(await coverPng("Fuzz", ["#000", "#0ea5e9"], 64)),
      cookie: adminCookie,
    });
    expect(cover.status, cover.text.slice(0, 300)).toBe(201);
    const audioKey = (uploaded.json as { key: string }).key;
    const created = await send("/api/songs", {
      ...form({ intent: "create-song", title: "Fuzz Download", audioKey, coverKey: (cover.json as { key: string }).key, releaseId }),
      cookie: adminCookie,
    });
    expect(created.status, created.text.slice(0, 300)).toBe(200);
    const songId = (created.json as { id: string }).id;
    await renditionsOf(audioKey);
    const offerOf = () =>
      withE2eDb((db) =>
        db
          .selectFrom("releases")
          .select(["downloadAccess", "downloadFormats", "suggestedAmount", "currency"])
          .where("id", "=", releaseId)
          .executeTakeFirstOrThrow(),
      );
    const grants = () =>
      withE2eDb((db) => db.selectFrom("downloadGrants").select(["id", "via"]).where("releaseId", "=", releaseId).orderBy("id").execute());
    const box = fc.oneof(fc.constantFrom("on", "1", "true", "off", ""), nastyText, fc.constant(undefined));
    let stored = 0;
    try {
      await check(
        fc.asyncProperty(
          fc.record({
            access: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("stream", "free", "email", "pay") },
              { weight: 1, arbitrary: maybe(nastyText) },
            ),
            "format-mp3-320": box,
            "format-flac": box,
            "format-opus": box,
            suggested: fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom("", "7", "7.50", "€5", "0", "10000", "10001", "7.555", "-1", "seven") },
              { weight: 1, arbitrary: maybe(nastyText) },
            ),
            currency: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("EUR", "USD", "JPY", "GBP") },
              { weight: 1, arbitrary: maybe(nastyText) },
            ),
          }),
          async (fields) => {
            const before = await offerOf();
            const sent = await send(`${DASHBOARD_PATH}/music/${releaseId}`, {
              ...form({ ...fields, intent: "downloads", id: releaseId }),
              cookie: adminCookie,
            });
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const after = await offerOf();
            const asFields = Object.fromEntries(
              Object.entries(fields).map(([name, value]) => [name, value === undefined ? undefined : asSent(value)]),
            );
            const parsed = nulIn(...Object.values(fields)) ? null : parseOffer(asFields);
            if (!parsed?.ok) {
              expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
              expect(after).toEqual(before);
              return;
            }
            expect(sent.status, sent.text.slice(0, 300)).toBe(200);
            expect(after.downloadAccess).toBe(parsed.offer.access);
            expect(JSON.parse(after.downloadFormats)).toEqual(parsed.offer.formats);
            if (parsed.priceChosen) {
              expect(after.suggestedAmount === null ? null : Number(after.suggestedAmount)).toBe(parsed.offer.suggestedAmount);
              expect(after.currency).toBe(parsed.offer.currency);
            } else expect([after.suggestedAmount, after.currency]).toEqual([before.suggestedAmount, before.currency]);
            stored += 1;
          },
        ),
      );
      expect(stored).toBeGreaterThan(0);

      // The editor's Try again, with a format of any shape: nothing failed, so nothing is made again
      // (and the release's page stays as it is); a format not offered is said to be, anything else refused.
      await withE2eDb((db) =>
        db
          .updateTable("releases")
          .set({ downloadAccess: "free", downloadFormats: JSON.stringify(["mp3-320"]) })
          .where("id", "=", releaseId)
          .execute(),
      );
      await expect
        .poll(() => withE2eDb(async (db) => (await releaseZipStates(db, [releaseId])).get(releaseId)?.["mp3-320"]?.state), {
          timeout: 90_000,
          message: "the MP3 made",
        })
        .toBe("ready");
      await check(
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: fc.constantFrom("mp3-320", "flac", "opus", "wav") }, { weight: 1, arbitrary: maybe(nastyText) }),
          async (format) => {
            const before = await withE2eDb((db) => currentContentVersion(db));
            const sent = await send(`${DASHBOARD_PATH}/music/${releaseId}`, {
              ...form({ intent: "downloads-retry", id: releaseId, format }),
              cookie: adminCookie,
            });
            const expected = nulIn(format) ? 400 : format === "mp3-320" ? 200 : format === "flac" || format === "opus" ? 409 : 400;
            expect(sent.status, sent.text.slice(0, 300)).toBe(expected);
            expect(await withE2eDb((db) => currentContentVersion(db))).toBe(before);
            expect((await withE2eDb((db) => releaseZipStates(db, [releaseId]))).get(releaseId)?.["mp3-320"]?.state).toBe("ready");
          },
        ),
        20,
      );

      // The release page's forms: a grant only for the way the release is offered, nothing for anything else.
      await withE2eDb((db) => db.updateTable("releases").set({ downloadAccess: "free" }).where("id", "=", releaseId).execute());
      await check(
        fc.asyncProperty(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom("download-free", "download-pay", "download-email") },
            { weight: 1, arbitrary: maybe(nastyText) },
          ),
          maybe(nastyEmail),
          async (intent, email) => {
            const before = await grants();
            const sent = await send(`/music/${slug}`, form({ intent, email, form: "download" }));
            expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
            const after = await grants();
            if (intent === "download-free" && !nulIn(intent, email)) {
              expect(sent.status).toBe(303);
              expect(sent.location).toMatch(/^\/download\/[0-9a-f]{40}$/);
              expect(after).toHaveLength(before.length + 1);
            } else {
              expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
              expect(after).toEqual(before);
            }
          },
        ),
        20,
      );

      // Any token, file name or signature opens no file and counts no download.
      const token = fc.oneof(
        fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 40, maxLength: 40 }),
        nastyText.map(encodeURIComponent).filter((t) => t !== "" && t !== "." && t !== ".."),
      );
      const events = () => withE2eDb((db) => db.selectFrom("downloadEvents").select("id").execute());
      await check(
        fc.asyncProperty(
          token,
          fc.oneof(fc.constantFrom("flac.zip", "mp3-320.zip", "opus.zip", "wav.zip"), nastyText.map(encodeURIComponent)),
          fc.record({ until: maybe(fc.oneof(nastyText, fc.integer().map(String))), sig: maybe(nastyText) }),
          async (tokenValue, file, query) => {
            const before = await events();
            const params = new URLSearchParams();
            for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, value);
            const page = await fetch(`${E2E_URL}/download/${tokenValue}`, { redirect: "manual" });
            expect(page.status === 301 || page.status === 308 || (page.status >= 400 && page.status < 500), String(page.status)).toBe(true);
            const zip = await fetch(`${E2E_URL}/download/${tokenValue}/${file}?${params}`, { redirect: "manual" });
            // A canonical redirect of an odd spelling, or a refusal; never a file.
            expect(zip.status === 301 || zip.status === 308 || (zip.status >= 400 && zip.status < 500), String(zip.status)).toBe(true);
            expect(zip.headers.get("content-type") ?? "").not.toContain("zip");
            expect(await events()).toEqual(before);
          },
        ),
      );
    } finally {
      // Through the API, so its files go with it.
      await send("/api/songs", { ...form({ intent: "delete-song", id: songId }), cookie: adminCookie });
      await withE2eDb((db) => db.deleteFrom("releases").where("id", "=", releaseId).execute());
    }
  });

  test("unsubscribe, confirmation and setup links: forged or mangled values are refused with a message", async () => {
    await check(
      fc.asyncProperty(
        fc.constantFrom("/unsubscribe", "/setup", "/newsletter/confirm"),
        maybe(nastyEmail),
        maybe(nastyText),
        maybe(nastyText),
        async (path, email, token, name) => {
          const users = await rowCount("user");
          const subscribers = await withE2eDb((db) =>
            db.selectFrom("subscribers").select(["email", "subscribed"]).orderBy("email").execute(),
          );
          const query = token === undefined ? "" : `?token=${encodeURIComponent(token)}`;
          const t = String(Date.now() - 1_000);
          const sent = await send(`${path}${query}`, form({ email, token, name, t, password: "correct-horse-battery" }));
          expect(sent.status, sent.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
          expect(sent.status, sent.text.slice(0, 300)).toBeLessThan(500);
          if (sent.status === 431) expect(sent.text).toContain("too long");
          else
            expect(sent.text).toMatch(
              path === "/setup"
                ? /setup link is invalid|Please enter|Invalid email|Password must|too common|null character|could not be understood/
                : path === "/unsubscribe"
                  ? /unsubscribe link is not valid|could not be understood/
                  : /This link does not work|could not be understood/,
            );
          expect(await rowCount("user")).toBe(users);
          expect(await withE2eDb((db) => db.selectFrom("subscribers").select(["email", "subscribed"]).orderBy("email").execute())).toEqual(
            subscribers,
          );
        },
      ),
    );
  });

  test("mailing links: an id of any shape is a missing page or a redirect to the site itself; only a stored link leads to its address", async () => {
    const now = Date.now();
    const mailingId = randomUUID();
    const stored = { id: newLinkId(), url: "https://shop.example/record?size=lp&colour=red#buy" };
    await withE2eDb(async (db) => {
      await db
        .insertInto("mailings")
        .values({
          id: mailingId,
          subject: "Fuzzed links",
          body: "[The record](https://shop.example/record?size=lp&colour=red#buy)",
          songId: null,
          status: "sent",
          contentId: null,
          recipients: 0,
          createdAt: now,
          updatedAt: now,
          updatedBy: "bad-input",
          sentAt: now,
        })
        .execute();
      await db
        .insertInto("mailingLinks")
        .values({ ...stored, mailingId, position: 0 })
        .execute();
    });
    const id = fc.oneof(
      { weight: 1, arbitrary: fc.constant(stored.id) },
      // Near misses: the stored id in capitals, cut short, one letter more, or another of its shape.
      { weight: 1, arbitrary: fc.constantFrom(stored.id.toUpperCase(), stored.id.slice(1), `${stored.id}a`, `${stored.id}/`) },
      { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz234567"), minLength: 16, maxLength: 16 }) },
      // Cut by characters before encoding: an address cut inside a percent escape is another test's matter.
      { weight: 4, arbitrary: nastyText.map((text) => encodeURIComponent(Array.from(text).slice(0, 1000).join(""))) },
      // Spelt as an address elsewhere, or a way out of /go/.
      { weight: 1, arbitrary: fc.constantFrom("https:%2F%2Fevil.example", "%2F%2Fevil.example", "..%2F..%2Flogin", "//evil.example", ".") },
    );
    try {
      await check(
        fc.asyncProperty(id, fc.constantFrom("GET", "HEAD"), async (value, method) => {
          const response = await fetch(`${E2E_URL}/go/${value}`, { method, redirect: "manual" });
          await response.arrayBuffer();
          const location = response.headers.get("location");
          if (response.status === 302) {
            // Only ever the stored address.
            expect(location).toBe(stored.url);
            expect(response.headers.get("cache-control")).toBe("no-store");
            return;
          }
          if (response.status === 301 || response.status === 308) {
            // Another spelling of a path on this site (server/canonical-path.ts): never anywhere else.
            expect(location ?? "", `${value} → ${location}`).toMatch(/^\/(?!\/)/);
            return;
          }
          expect([400, 404, 414, 431], `${value} → ${response.status}`).toContain(response.status);
          expect(location).toBeNull();
        }),
      );
      // The stored id itself, as a mail carries it.
      const followed = await fetch(`${E2E_URL}/go/${stored.id}`, { redirect: "manual" });
      expect([followed.status, followed.headers.get("location")]).toEqual([302, stored.url]);
    } finally {
      await withE2eDb((db) => db.deleteFrom("mailings").where("id", "=", mailingId).execute());
    }
  });

  test("malformed bodies, on every endpoint that takes one, get a 4xx and a message", async () => {
    const endpoints = [
      "/contact",
      "/newsletter",
      "/login",
      "/login/forgot",
      "/login/reset",
      "/newsletter/confirm",
      "/unsubscribe",
      "/setup?token=x",
      "/api/songs",
      "/api/messages",
      "/api/filtered",
      "/api/site",
      "/api/photos",
      "/api/press-files",
      "/api/subscribers/import",
      `${DASHBOARD_PATH}/mail`,
      `${DASHBOARD_PATH}/shows`,
      `${DASHBOARD_PATH}/codes`,
      "/redeem",
      `/listen/${"0".repeat(40)}/beacon`,
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
    ];
    const malformed = fc.oneof(
      fc.record({
        contentType: fc.constant("application/json"),
        body: fc.oneof(fc.string(), fc.constantFrom("{", "[1,2", '{"email":', "null", "1e999999", '"\\ud800"')),
      }),
      fc.record({
        contentType: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=xyz"),
        body: fc.oneof(fc.string(), fc.constant('--xyz\r\nContent-Disposition: form-data; name="message"\r\n\r\nunterminated')),
      }),
      fc.record({
        contentType: fc.constant("application/x-www-form-urlencoded"),
        body: fc.oneof(fc.string(), fc.constantFrom("%", "%zz=%", "message=%E0%A4%A", "a=1&&&=&=")),
      }),
      fc.record({
        contentType: fc.constantFrom("text/plain", "application/xml", "image/png", "", "no/such; charset=utf-1000"),
        body: fc.string(),
      }),
    );
    await check(
      fc.asyncProperty(fc.constantFrom(...endpoints), malformed, async (path, { contentType, body }) => {
        const counts = await Promise.all((["contacts", "subscribers", "songs", "user"] as const).map(rowCount));
        const sent = await send(path, {
          body,
          contentType: contentType || undefined,
          cookie: path.startsWith("/api/") || path.startsWith(DASHBOARD_PATH) ? adminCookie : undefined,
        });
        expect(sent.status, `${path} ${contentType} ${JSON.stringify(body)} → ${sent.text.slice(0, 300)}`).toBeLessThan(500);
        // Public forms may answer an unsigned submission as a bot's (200, nothing stored).
        if (sent.status >= 300) expect(sent.status).toBeGreaterThanOrEqual(400);
        expect(await Promise.all((["contacts", "subscribers", "songs", "user"] as const).map(rowCount))).toEqual(counts);
      }),
    );
  });

  test("the Numbers beacon: bodies of any shape get a 204 or a 413, and only what a page of ours sends is counted, as it says", async () => {
    const pages = ["/", "/music", "/music/a-b", "/music/a/b-c", "/shows", "/press", "/bio"];
    const beacon = fc.oneof(
      fc.record({
        e: fc.constant("view"),
        p: fc.oneof(fc.constantFrom(...pages), fc.string(), fc.webPath()),
        r: maybe(fc.oneof(fc.webUrl(), nastyText)),
        q: maybe(nastyText),
      }),
      fc.record({
        e: fc.constant("play"),
        s: fc.oneof(fc.uuid(), nastyText),
        t: fc.oneof(fc.constantFrom("start", "30s", "end"), nastyText),
      }),
      fc.dictionary(fc.constantFrom("e", "p", "s", "t", "r", "q", "__proto__", "constructor"), fc.jsonValue()),
      fc.jsonValue(),
    );
    const bodies = fc.oneof(
      beacon.map((value) => JSON.stringify(value)),
      nastyText,
      fc.string({ minLength: 4000, maxLength: 6000 }),
    );
    const sendBeacon = async (body: string) => {
      const response = await fetch(`${E2E_URL}/api/numbers`, {
        method: "POST",
        body,
        headers: {
          origin: E2E_URL,
          "content-type": "text/plain;charset=UTF-8",
          "x-forwarded-for": freshClientIp(),
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        },
      });
      return { status: response.status, text: await response.text() };
    };
    await check(
      fc.asyncProperty(bodies, async (body) => {
        const sent = await sendBeacon(body);
        expect(sent.status, body.slice(0, 200)).toBe(Buffer.byteLength(body) > 4096 ? 413 : 204);
        expect(sent.text).toBe("");
      }),
    );
    // Once the site has written what it counted (every two seconds), every row is one a page of ours could have made.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const rows = await withE2eDb((db) => db.selectFrom("dailyCounts").select(["day", "metric", "subject", "count"]).execute());
    const slug = "[a-z0-9]+(?:-[a-z0-9]+)*";
    const allowed: Record<string, RegExp> = {
      view: new RegExp(`^(/|/(bio|music|shows|press|contact|newsletter|redeem|privacy|terms)|/music/${slug}(/${slug})?|\\(other\\))$`),
      "play-start": /^[A-Za-z0-9_-]{1,64}$/,
      "play-30s": /^[A-Za-z0-9_-]{1,64}$/,
      "play-end": /^[A-Za-z0-9_-]{1,64}$/,
      referrer: /^[^\s/?#@A-Z]{1,253}$/,
      campaign: /^(utm_source|utm_medium|utm_campaign|ref)=/,
      visitor: /^[\w-]{22}$/,
    };
    for (const row of rows) {
      expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number(row.count)).toBeGreaterThan(0);
      const rule = allowed[row.metric];
      if (rule) expect(row.subject, `${row.metric} ${row.subject}`).toMatch(rule);
    }
  });

  test("field names that spell a prototype, on every endpoint that reads a form, reach no prototype of the server's", async () => {
    const endpoints = [
      "/contact",
      "/newsletter",
      "/login",
      "/login/forgot",
      "/login/reset",
      "/newsletter/confirm",
      "/unsubscribe",
      "/api/songs",
      "/api/messages",
      "/api/filtered",
      "/api/site",
      "/api/photos",
      "/api/press-files",
      `${DASHBOARD_PATH}/mail`,
      `${DASHBOARD_PATH}/shows`,
      `${DASHBOARD_PATH}/music`,
      `${DASHBOARD_PATH}/codes`,
      "/redeem",
    ];
    // A way into a prototype (at the top, or under a part's own list), then a name pages and
    // libraries read; every way, as dots and as brackets, on every endpoint: the spellings a probe
    // used, and more. Not sampled: one spelling missed is a hole.
    const ways = [
      ["constructor", "prototype"],
      ["__proto__"],
      ["influences", "constructor", "prototype"],
      ["influences", "0", "constructor", "prototype"],
      ["links", "__proto__"],
      ["story", "constructor", "prototype"],
      ["quotes", "0", "__proto__"],
      ["contacts", "booking", "constructor", "prototype"],
      ["releaseIds", "__proto__"],
    ];
    const leaves = ["story", "title", "href", "className", "polluted", "toString"];
    const spell = (path: string[], style: "dots" | "brackets") =>
      style === "dots"
        ? path.join(".")
        : `${path[0]}${path
            .slice(1)
            .map((w) => `[${w}]`)
            .join("")}`;
    let sent = 0;
    for (const path of endpoints) {
      const cookie = path.startsWith("/api/") || path.startsWith(DASHBOARD_PATH) ? adminCookie : undefined;
      // Parts whose shape these words can never fill, so no save succeeds and shows a value for a legitimate reason.
      for (const section of path === "/api/site" ? ["bio", "social"] : [""]) {
        const params = new URLSearchParams(section ? { intent: "save", section, revision: "0" } : { intent: "save" });
        for (const way of ways) {
          for (const style of ["dots", "brackets"] as const) {
            const leaf = leaves[sent++ % leaves.length] ?? "story";
            params.append(spell([...way, leaf], style), `polluted-${leaf}`);
          }
        }
        const answer = await send(path, { body: params.toString(), contentType: "application/x-www-form-urlencoded", cookie });
        expect(answer.status, `${path} ${section}`).toBeLessThan(500);
      }
      // A polluted prototype shows at once: an attribute on every rendered element, or the auth API failing.
      const page = await fetch(`${E2E_URL}/bio`, { headers: { cookie: adminCookie } });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).not.toContain("polluted-");
      const session = await fetch(`${E2E_URL}/api/auth/get-session`, { headers: { cookie: adminCookie } });
      expect(session.status, path).toBe(200);
    }
  });

  test("media: Range and conditional headers of any shape never get a 5xx, and a 206 is the exact slice it names", async () => {
    const wav = synthWav({ seconds: 0.3, chords: [[60, 64, 67]], bpm: 120 });
    const keysBefore = new Set(await storedKeys());
    let songId: string | null = null;
    try {
      const uploaded = await send("/api/uploads/audio?name=ranges.wav", { body: new Uint8Array(wav), cookie: adminCookie });
      expect(uploaded.status, uploaded.text.slice(0, 300)).toBe(201);
      // A song's that is out, so the public path answers (audio no song is out with is a 404 to all but the artist).
      const cover = await send("/api/uploads/cover?name=ranges.png", {
        body: new Uint8Array(await coverPng("Ranges", ["#000", "#f43f5e"], 64)),
        cookie: adminCookie,
      });
      expect(cover.status, cover.text.slice(0, 300)).toBe(201);
      const created = await send("/api/songs", {
        ...form({
          intent: "create-song",
          title: `Ranges ${randomUUID().slice(0, 6)}`,
          audioKey: (uploaded.json as { key: string }).key,
          coverKey: (cover.json as { key: string }).key,
        }),
        cookie: adminCookie,
      });
      expect(created.status, created.text.slice(0, 300)).toBe(200);
      songId = (created.json as { id: string }).id;
      // Fans are served its renditions, once made (decision 026); its upload, never.
      const upload = `${E2E_URL}${(uploaded.json as { url: string }).url}`;
      const { fallbackKey } = await renditionsOf((uploaded.json as { key: string }).key);
      expect((await fetch(upload)).status).toBe(404);
      const stream = await readStoredKey(fallbackKey);
      if (!stream) throw new Error(`${fallbackKey} is not stored`);
      const mediaUrl = `${E2E_URL}/media/${fallbackKey}`;
      const plain = await fetch(mediaUrl);
      expect(plain.status).toBe(200);
      expect(Buffer.from(await plain.arrayBuffer()).equals(stream)).toBe(true);
      const etag = plain.headers.get("etag") ?? "";
      const lastModified = plain.headers.get("last-modified") ?? "";
      await check(
        fc.asyncProperty(mediaRequest(stream.length), async ({ method, headers }) => {
          const sentHeaders = mediaHeaders(headers, etag, lastModified);
          const response = await fetch(mediaUrl, { method, headers: sentHeaders, redirect: "manual" });
          const body = Buffer.from(await response.arrayBuffer());
          const what = `${method} ${JSON.stringify(sentHeaders)} → ${response.status} ${body.subarray(0, 200).toString("latin1")}`;
          expect(response.status, what).toBeLessThan(500);
          expect([200, 206, 304, 412, 416], what).toContain(response.status);
          expect(response.headers.get("content-security-policy"), what).toBe(MEDIA_CSP);
          const contentRange = response.headers.get("content-range");
          if (response.status === 206) {
            const [, first = "", last = "", size = ""] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? "") ?? [];
            expect(size, what).toBe(String(stream.length));
            expect(response.headers.get("content-length"), what).toBe(String(Number(last) - Number(first) + 1));
            expect(body.equals(stream.subarray(Number(first), Number(last) + 1)), what).toBe(true);
          } else if (response.status === 416) {
            expect(contentRange, what).toBe(`bytes */${stream.length}`);
            expect(response.headers.get("cache-control"), what).toBe("no-store");
          } else if (response.status === 412) {
            expect(response.headers.get("cache-control"), what).toBe("no-store");
          } else if (response.status === 200 && method === "GET") {
            expect(body.equals(stream), what).toBe(true);
          }
        }),
      );
    } finally {
      if (songId) await send("/api/songs", { ...form({ intent: "delete-song", id: songId }), cookie: adminCookie });
      await removeUploads((await storedKeys()).filter((key) => !keysBefore.has(key)));
    }
  });

  test("oEmbed: queries and headers of any shape get the spec's 400, 404 or 501 with a sentence; 200 only for a released song of ours", async () => {
    const releasedSongs = () => withE2eDb((db) => selectSongs(db).where("released", "=", 1).orderBy("trackNumber").execute());
    // Songs of ours to ask about: the demo's, when earlier tests left none; removed afterwards,
    // since the specs after this one expect the site as they found it (the dashboard's "No songs yet").
    const songsBefore = new Set((await withE2eDb((db) => db.selectFrom("songs").select("id").execute())).map((row) => row.id));
    const keysBefore = new Set(await storedKeys());
    if ((await releasedSongs()).length === 0) await demoCli();
    try {
      await askOembed(releasedSongs);
    } finally {
      const added = (await withE2eDb((db) => db.selectFrom("songs").select("id").execute())).filter((row) => !songsBefore.has(row.id));
      for (const row of added) await send("/api/songs", { ...form({ intent: "delete-song", id: row.id }), cookie: adminCookie });
      await removeUploads((await storedKeys()).filter((key) => !keysBefore.has(key)));
    }
  });

  async function askOembed(releasedSongs: () => Promise<SongRow[]>) {
    const released = await releasedSongs();
    const ids = released.map((row) => row.id);
    // Each song by its old id, its track address and its release's address.
    const ours = fc.constantFrom(...ids, ...released.flatMap((row) => [`${row.releaseSlug}/${row.slug}`, `${row.releaseSlug}`]));
    // The way in works at all (the property below rarely builds a query this clean).
    const plain = await fetch(`${E2E_URL}/oembed?url=${encodeURIComponent(`${E2E_URL}/music/${ids[0]}`)}&format=json`);
    expect(plain.status).toBe(200);
    const songUrl = fc
      .tuple(
        fc.constantFrom(
          `${E2E_URL}/music/`,
          `${E2E_URL}/embed/`,
          "http://evil.example/music/",
          `${E2E_URL.replace("http:", "https:")}/music/`,
        ),
        fc.oneof(ours, nastyText),
        fc.constantFrom("", "/", "?utm_source=x", "#t", "//x", "/extra"),
      )
      .map(([prefix, id, suffix]) => `${prefix}${id}${suffix}`);
    const size = fc.oneof(
      fc.integer({ min: -5, max: 2000 }).map(String),
      fc.constantFrom("1.5", "1e3", "99999", "100000", " 300", "0x10"),
      nastyText,
    );
    const params = fc.record({
      url: maybe(fc.oneof({ weight: 3, arbitrary: songUrl }, { weight: 1, arbitrary: nastyText })),
      secondUrl: maybe(songUrl),
      format: maybe(fc.oneof(fc.constantFrom("json", "json", "xml", "JSON", ""), nastyText)),
      maxwidth: maybe(size),
      maxheight: maybe(size),
      accept: maybe(fc.oneof(fc.constantFrom("application/json", "text/xml", "*/*", "application/json+oembed"), headerText)),
      ifNoneMatch: maybe(headerText),
    });
    await check(
      fc.asyncProperty(params, async ({ url, secondUrl, format, maxwidth, maxheight, accept, ifNoneMatch }) => {
        const query = new URLSearchParams();
        for (const [name, value] of [
          ["url", url],
          ["url", url === undefined ? undefined : secondUrl],
          ["format", format],
          ["maxwidth", maxwidth],
          ["maxheight", maxheight],
        ] as const) {
          // Short enough that the address stays under Node's header limit (that answer has a test of its own).
          if (value !== undefined) query.append(name, value.slice(0, 300));
        }
        const headers: Record<string, string> = { "x-forwarded-for": freshClientIp() };
        if (accept !== undefined) headers.accept = accept;
        if (ifNoneMatch !== undefined) headers["if-none-match"] = ifNoneMatch;
        const response = await fetch(`${E2E_URL}/oembed?${query.toString()}`, { headers, redirect: "manual" });
        const text = await response.text();
        const what = `${query.toString()} ${JSON.stringify(headers)} → ${response.status} ${text.slice(0, 200)}`;
        // The oracle: the feature's own reading of what the server received (well-formed UTF-8, as sent).
        const received = new URLSearchParams(query.toString());
        const read = readOembedQuery(received);
        const address = read.ok ? songAddressFromUrl(read.query.url, E2E_URL) : null;
        const song = address === null ? undefined : songAt(released, address);
        const fits =
          read.ok &&
          (read.query.maxwidth ?? Infinity) >= EMBED_MIN_SIZE.width &&
          (read.query.maxheight ?? Infinity) >= EMBED_MIN_SIZE.height;
        // A null character is refused by the host before any route (400, as everywhere).
        const expected = /%00/i.test(query.toString()) ? 400 : !read.ok ? read.refusal.status : song && fits ? 200 : 404;
        expect(response.status, what).toBe(expected);
        if (response.status === 200) {
          const body = JSON.parse(text) as { type: string; html: string; width: number; height: number };
          expect(body.type, what).toBe("rich");
          expect(body.html, what).toContain(`src="${E2E_URL}/embed/${song?.id}"`);
        } else {
          expect(response.headers.get("content-type"), what).toMatch(/^text\/plain/);
          expect(text.trim().length, what).toBeGreaterThan(0);
        }
      }),
    );
  }

  test("feeds and the sitemap: validators and encodings of any shape get the document or a 304, never a 5xx", async () => {
    await check(
      fc.asyncProperty(
        fc.constantFrom("/feed.xml", "/sitemap.xml", "/robots.txt"),
        fc.record({ ifNoneMatch: maybe(headerText), acceptEncoding: maybe(headerText), accept: maybe(headerText) }),
        async (path, { ifNoneMatch, acceptEncoding, accept }) => {
          const headers: Record<string, string> = { "x-forwarded-for": freshClientIp() };
          if (ifNoneMatch !== undefined) headers["if-none-match"] = ifNoneMatch;
          if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
          if (accept !== undefined) headers.accept = accept;
          const response = await fetch(`${E2E_URL}${path}`, { headers, redirect: "manual" });
          await response.arrayBuffer();
          expect([200, 304], `${path} ${JSON.stringify(headers)} → ${response.status}`).toContain(response.status);
        },
      ),
    );
  });

  test("numbers: a span of any shape opens the area on a span it offers (30 days unless it names one), and its CSV on the same days", async () => {
    const offered = RANGE_DAYS.map(String);
    await check(
      fc.asyncProperty(
        fc.oneof(nastyText, fc.constantFrom(...offered, " 7", "7.0", "+30", "-365", "1e3", "0x1E", "365 ", "")),
        async (value) => {
          const query = `?days=${encodeURIComponent(value).slice(0, 4000)}`;
          const days = offered.includes(value) ? (Number(value) as (typeof RANGE_DAYS)[number]) : 30;
          const headers = { cookie: adminCookie, "x-forwarded-for": freshClientIp() };
          const page = await fetch(`${E2E_URL}${DASHBOARD_PATH}/numbers${query}`, { headers, redirect: "manual" });
          const html = await page.text();
          if (/%00/i.test(query)) {
            // A NUL anywhere in an address is refused by the host before any route (as for oEmbed), with a sentence.
            expectRefusal({ status: page.status, text: html, json: null, location: null, type: page.headers.get("content-type") ?? "" });
            const csv = await fetch(`${E2E_URL}${DASHBOARD_PATH}/numbers.csv${query}`, { headers, redirect: "manual" });
            await csv.arrayBuffer();
            expect(csv.status, `${query} → ${csv.status}`).toBe(400);
            return;
          }
          expect(page.status, `${query} → ${page.status}`).toBe(200);
          expect(html, query).toMatch(new RegExp(`<a[^>]*aria-current="page"[^>]*>${NUMBERS_TEXT.ranges[days]}</a>`));
          const csv = await fetch(`${E2E_URL}${DASHBOARD_PATH}/numbers.csv${query}`, { headers, redirect: "manual" });
          await csv.arrayBuffer();
          expect(csv.status, `${query} → ${csv.status}`).toBe(200);
          const { from, to } = dayRange(days, Date.now());
          expect(csv.headers.get("content-disposition")).toBe(`attachment; filename=numbers-${from}-${to}.csv`);
        },
      ),
    );
  });

  test("queries and paths of any shape never get a 5xx", async () => {
    const paths = [
      "/api/messages?before=",
      "/api/messages?limit=",
      "/api/songs?before=",
      "/api/subscribers?before=",
      "/api/filtered?before=",
      "/api/filtered?limit=",
      "/unsubscribe?token=",
      "/setup?token=",
      "/login?mode=",
      "/music/",
      "/embed/",
      "/embed?theme=",
      "/oembed?url=",
      "/oembed?format=json&maxwidth=300&url=",
      "/feed.xml?",
      "/shows?",
      "/shows.ics?",
      "/redeem?code=",
      `${DASHBOARD_PATH}/numbers?days=`,
      `${DASHBOARD_PATH}/numbers.csv?days=`,
      "/media/music/",
      "/media/covers/",
      "/",
    ];
    await check(
      fc.asyncProperty(fc.constantFrom(...paths), nastyText, async (path, value) => {
        const url = `${E2E_URL}${path}${encodeURIComponent(value).slice(0, 4000)}`;
        const response = await fetch(url, { headers: { cookie: adminCookie, "x-forwarded-for": freshClientIp() }, redirect: "manual" });
        await response.arrayBuffer();
        expect(response.status, `${url} → ${response.status}`).toBeLessThan(500);
      }),
    );
  });
});

/** The oracle's reading of an address: the released song it names, as getSongAt finds it (released rows in running order). */
function songAt(released: SongRow[], address: SongAddress): SongRow | undefined {
  if ("id" in address) return released.find((row) => row.id === address.id);
  if ("trackSlug" in address) return released.find((row) => row.releaseSlug === address.releaseSlug && row.slug === address.trackSlug);
  return released.find((row) => row.releaseSlug === address.releaseSlugOrId) ?? released.find((row) => row.id === address.releaseSlugOrId);
}
