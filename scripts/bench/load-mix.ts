// The traffic of `npm run bench:load`: which request each arrival is, what
// it sends, and what makes its answer right.
import type http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { formStartedToken } from "#app/lib/http/form-guard.server.ts";
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from "#app/lib/http/form-guard.ts";
import { send, type Job, type Reply } from "./load-generator.ts";

/** Shares of the arrivals. A fan reads a few pages and plays some of a song for every message written. */
export const MIX = { cachedPage: 0.58, freshPage: 0.1, audio: 0.3, contact: 0.02 } as const;
export const KINDS = ["page (cached)", "page (fresh)", "audio range", "contact post"] as const;
export type Kind = (typeof KINDS)[number];
export const shareOf = (kind: Kind): number =>
  ({ "page (cached)": MIX.cachedPage, "page (fresh)": MIX.freshPage, "audio range": MIX.audio, "contact post": MIX.contact })[kind];

export const RANGE_BYTES = 64 * 1024;
export const TIMEOUT_MS = 10_000;
/** Each simulated fan sends this many messages: under CONTACT_RATE_LIMIT (5 per 10 minutes) for runs up to 10 minutes. */
const MESSAGES_PER_FAN = 3;

const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  "accept-language": "en-US,en;q=0.5",
};
export const PAGE_HEADERS = {
  ...BROWSER,
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
};
// What a browser's <audio> sends: never compressed, so ranges are of the file itself.
const AUDIO_HEADERS = { ...BROWSER, accept: "audio/webm,audio/ogg,audio/wav,audio/*;q=0.9,*/*;q=0.5", "accept-encoding": "identity" };

export type Song = { id: string; /** Its share page. */ page: string; url: string; bytes: Buffer };

export type MixContext = {
  /** Our server takes every kind; the reference (nginx) only what a static server can answer. */
  target: { baseUrl: string; ours: boolean };
  agent: http.Agent;
  seed: number;
  songs: Song[];
  /** Full pages, and the client-side navigations' data (.data) once the app has loaded. */
  pages: string[];
  navigations: string[];
  /** Marks this run's messages, so the database check finds exactly them. */
  runId: string;
  authSecret: string;
  /** Numbers of the messages answered 200, to find in the database afterwards. */
  answered: Set<number>;
};

/** The text every stored message of this run carries, with its number. */
export const messageTag = (runId: string, n: number) => `[load ${runId} #${n}]`;
export const MESSAGE_TAG_PATTERN = /\[load \w+ #(\d+)\]/;

/** A small seeded generator (mulberry32): the same seed gives our server and nginx the same schedule. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function decoded(reply: Reply): string {
  const encoding = reply.headers["content-encoding"];
  const body =
    encoding === "br"
      ? brotliDecompressSync(reply.body)
      : encoding === "gzip"
        ? gunzipSync(reply.body)
        : encoding === "deflate"
          ? inflateSync(reply.body)
          : reply.body;
  return body.toString("utf8");
}

function expectStatus(reply: Reply, status: number) {
  if (reply.status !== status) throw new Error(`status ${reply.status}, expected ${status}`);
}

/** A whole page: 200 and the document's end (a streamed render cut short would lack it), or data that is not empty. */
export function checkPage(reply: Reply, page: string) {
  expectStatus(reply, 200);
  const text = decoded(reply);
  const whole = page.endsWith(".data") ? text.length > 0 : text.trimEnd().endsWith("</html>");
  if (!whole) throw new Error(`incomplete body (${text.length} characters)`);
}

/** The job for each arrival, decided by seeded draws so every target gets the same sequence. */
export function mixOf(context: MixContext): (index: number) => Job | null {
  const { target, agent, songs, pages, navigations, runId, authSecret, answered } = context;
  const random = seeded(context.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Fans' addresses as a reverse proxy would forward them; message writers get their own block.
  const fanAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const get = (url: string, headers: Record<string, string>) =>
    send(new URL(url, target.baseUrl), { agent, headers, timeoutMs: TIMEOUT_MS });
  const job = (kind: Kind, run: () => Promise<void>): Job => ({ kind, run });
  let messages = 0;

  return () => {
    // Each branch draws the same values whatever the target, so the sequences stay in step.
    const draw = random();
    const visitor = fanAddress(1 + Math.floor(random() * 60_000));
    const headers = { ...PAGE_HEADERS, "x-forwarded-for": visitor };

    if (draw < MIX.contact) {
      const n = messages++;
      const noJs = random() < 0.5;
      const thinkingMs = 2_500 + Math.floor(random() * 60_000);
      if (!target.ours) return null;
      return job("contact post", async () => {
        const form = new URLSearchParams({
          name: `Fan ${n}`,
          email: `fan${n}@example.com`,
          message: `Loved the new single, see you at the show! ${messageTag(runId, n)}`,
          // Signed as the page would have been, a person's few seconds to minute ago.
          [FORM_STARTED_FIELD]: formStartedToken(authSecret, Date.now() - thinkingMs),
          [HONEYPOT_FIELD]: "",
        });
        // Without JavaScript the form posts to /contact and gets the page back; with it, the fetcher posts to /contact.data.
        const reply = await send(new URL(noJs ? "/contact" : "/contact.data", target.baseUrl), {
          agent,
          method: "POST",
          headers: {
            ...PAGE_HEADERS,
            "content-type": "application/x-www-form-urlencoded",
            origin: target.baseUrl,
            "x-forwarded-for": fanAddress(1_000_000 + Math.floor(n / MESSAGES_PER_FAN)),
          },
          body: form.toString(),
          timeoutMs: TIMEOUT_MS,
        });
        expectStatus(reply, 200);
        const text = decoded(reply);
        const confirmed = noJs ? text.includes("Message Sent") : text.includes('"ok",true');
        if (!confirmed) throw new Error(`no confirmation in the answer (${text.slice(0, 80)})`);
        answered.add(n);
      });
    }

    if (draw < MIX.contact + MIX.audio) {
      const song = pick(songs);
      const start = Math.floor(random() * (song.bytes.length - RANGE_BYTES));
      const end = start + RANGE_BYTES - 1;
      return job("audio range", async () => {
        const reply = await get(song.url, { ...AUDIO_HEADERS, "x-forwarded-for": visitor, range: `bytes=${start}-${end}` });
        expectStatus(reply, 206);
        const expected = `bytes ${start}-${end}/${song.bytes.length}`;
        if (reply.headers["content-range"] !== expected)
          throw new Error(`Content-Range ${reply.headers["content-range"]}, expected ${expected}`);
        if (reply.body.length !== RANGE_BYTES) throw new Error(`range of ${reply.body.length} bytes, expected ${RANGE_BYTES}`);
        if (!reply.body.equals(song.bytes.subarray(start, end + 1))) throw new Error("range bytes differ from the file");
      });
    }

    if (draw < MIX.contact + MIX.audio + MIX.freshPage) {
      // Never from the page cache: a link shared with a tracking query, or a visitor whose session has expired.
      const page = pick(pages);
      const withQuery = random() < 0.5;
      const token = Math.floor(random() * 2 ** 48).toString(36);
      const url = withQuery ? `${page}?utm_source=instagram&fbclid=${token}` : page;
      const fresh = withQuery ? headers : { ...headers, cookie: `better-auth.session_token=${token}` };
      return job("page (fresh)", async () => checkPage(await get(url, fresh), page));
    }

    const navigation = random() < 0.1;
    const page = navigation ? pick(navigations) : weightedPage(random(), pages);
    return job("page (cached)", async () => checkPage(await get(page, headers), page));
  };
}

/** The home page and the song list most, then the songs' share pages, the bio and the contact page. */
function weightedPage(draw: number, pages: string[]): string {
  const shares = pages.filter((page) => page.startsWith("/music/"));
  if (draw < 0.35) return "/";
  if (draw < 0.55) return "/music";
  if (draw < 0.8) return shares[Math.floor(((draw - 0.55) / 0.25) * shares.length)] ?? "/music";
  if (draw < 0.9) return "/bio";
  return "/contact";
}
