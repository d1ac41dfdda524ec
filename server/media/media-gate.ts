// Which stored files anyone may fetch (issue #30): audio only once its song is
// out, and then its streaming renditions, never its upload (issue #34). A
// song's audio is stored as music/{ms}_{name} (SPEC), a name that can be
// guessed, so the media path itself must refuse audio that is not out yet, on
// every way it serves bytes, with the same 404 as a file that does not exist.
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { adminRefusal } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import type { Storage } from "#app/lib/storage/storage.server.ts";
import { linkMayHear } from "#app/features/listening-links/listening-links.server.ts";

/** Folders whose files are public once stored: covers (a coming release's countdown shows its cover) and photos. */
const OPEN_FOLDERS = ["covers/", "photos/"] as const;

/** How often a process looks whether the catalogue changed, to forget audio no longer out (a restored backup). */
const LOOK_EVERY_MS = 5_000;
/** Publishes and withholds under way at once, so a first look over a large catalogue does not take minutes. */
const SETTLE_AT_ONCE = 8;
/** A bucket that keeps refusing is said once a minute, not at every look. */
const COMPLAIN_EVERY_MS = 60_000;

export type MediaGate = {
  /**
   * From memory, for the raw listener: true for a file anyone may have (an
   * open folder, or audio known to be out). False means "ask" (isOpen), not no.
   */
  knownOpen(key: string): boolean;
  /** Asks the database: true for the audio of a song that is out, which is then remembered. */
  isOpen(key: string): Promise<boolean>;
  /**
   * True for audio out that this process has seen published at its own name
   * (storage.publish), so that a public bucket serves it: only then may a
   * fan be sent there.
   */
  published(key: string): boolean;
  stop(): void;
};

/**
 * The gate of one process. The audio known to be out is loaded at start and
 * again whenever the content version moves (every change to the catalogue moves
 * it); a key not known is asked of the database, so audio is playable from the
 * moment its release commits, on every process, and a guessed name of audio not
 * out gets nothing.
 *
 * With a storage that withholds audio (a bucket: storage-s3.server.ts), the
 * gate also settles the bucket after each load: it publishes the audio out and
 * withholds that of every song not out (all of them at the first load, which
 * also mends a bucket from before decision 024; afterwards those whose state
 * changed). What fails is retried at the next look, never in a request.
 */
export function createMediaGate(
  db: Kysely<Database>,
  version: () => Promise<number>,
  storage: Pick<Storage, "publish" | "withhold">,
  /** True where no renditions are made (no ffmpeg for this platform): fans hear the uploads, as before them. */
  uploadsPlay = false,
): MediaGate {
  let open = new Set<string>();
  let loadedAt: number | null = null;
  let stopped = false;
  let busy = false;
  const settles = storage.publish !== undefined && storage.withhold !== undefined;
  /** Out and seen at its public name by this process. */
  const published = new Set<string>();
  /** Audio of songs not out, as last loaded: a key new to it is withheld. */
  let notOut: Set<string> | null = null;
  const toWithhold = new Set<string>();
  let complainedAt = 0;

  const load = async () => {
    const current = await version();
    if (current === loadedAt) return;
    const { out, held } = await audioByState(db, uploadsPlay);
    for (const key of held) if (!notOut?.has(key)) toWithhold.add(key);
    for (const key of published) if (!out.has(key)) published.delete(key);
    notOut = held;
    open = out;
    loadedAt = current;
  };

  const settle = async () => {
    const failures: unknown[] = [];
    const publishing = [...open].filter((key) => key.startsWith("music/") && !published.has(key));
    await inBatches(publishing, async (key) => {
      await storage.publish?.(key);
      published.add(key);
    }).then((failed) => failures.push(...failed));
    await inBatches([...toWithhold], async (key) => {
      // Asked again just before: a release committed since the load must not lose its audio's public name.
      if (!(await isOut(db, key, uploadsPlay))) await storage.withhold?.(key);
      toWithhold.delete(key);
    }).then((failed) => failures.push(...failed));
    if (failures.length > 0 && Date.now() - complainedAt >= COMPLAIN_EVERY_MS) {
      complainedAt = Date.now();
      console.error(`Publishing or withholding ${failures.length} audio file(s) in the bucket failed; retrying at every look`, failures[0]);
    }
  };

  const look = () => {
    if (stopped || busy) return;
    busy = true;
    load()
      .then(() => (settles && !stopped ? settle() : undefined))
      .catch((error: unknown) => console.error("Loading the audio that is out failed", error))
      .finally(() => (busy = false));
  };
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    knownOpen: (key) => OPEN_FOLDERS.some((folder) => key.startsWith(folder)) || open.has(key),
    async isOpen(key) {
      if (OPEN_FOLDERS.some((folder) => key.startsWith(folder)) || open.has(key)) return true;
      if (!key.startsWith("music/")) return false;
      if (!(await isOut(db, key, uploadsPlay))) return false;
      open.add(key);
      // Just released: publish it now rather than at the next look.
      look();
      return true;
    },
    published: (key) => published.has(key),
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/**
 * The audio files fans may have: the renditions of every song out (decision
 * 026), or, for a song out from before renditions, its upload until they are
 * made (or every song's upload where none are made). Everything else stored
 * as audio is held: every upload with renditions (the master), every upload
 * waiting for them, and all of a song not out.
 */
async function audioByState(db: Kysely<Database>, uploadsPlay: boolean): Promise<{ out: Set<string>; held: Set<string> }> {
  const rows = await db
    .selectFrom("songs")
    .leftJoin("audioRenditions", "audioRenditions.audioKey", "songs.audioKey")
    .leftJoin("uploadsServedUntilRenditions as early", "early.audioKey", "songs.audioKey")
    .select(["songs.audioKey", "songs.released", "audioRenditions.opusKey", "audioRenditions.fallbackKey", "early.audioKey as early"])
    .execute();
  const out = new Set<string>();
  const all = new Set<string>();
  for (const row of rows) {
    const renditions = row.opusKey && row.fallbackKey ? [row.opusKey, row.fallbackKey] : null;
    for (const key of [row.audioKey, ...(renditions ?? [])]) all.add(key);
    if (row.released !== 1) continue;
    if (renditions) for (const key of renditions) out.add(key);
    else if (uploadsPlay || row.early !== null) out.add(row.audioKey);
  }
  return { out, held: new Set([...all].filter((key) => !out.has(key))) };
}

/** Asks the database whether one audio file is for fans (audioByState's rule, for one key). */
async function isOut(db: Kysely<Database>, key: string, uploadsPlay: boolean): Promise<boolean> {
  const rendition = await db
    .selectFrom("audioRenditions")
    .innerJoin("songs", "songs.audioKey", "audioRenditions.audioKey")
    .select("songs.id")
    .where((eb) => eb.or([eb("audioRenditions.opusKey", "=", key), eb("audioRenditions.fallbackKey", "=", key)]))
    .where("songs.released", "=", 1)
    .executeTakeFirst();
  if (rendition) return true;
  const upload = await db
    .selectFrom("songs")
    .select("songs.id")
    .where("songs.audioKey", "=", key)
    .where("songs.released", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("audioRenditions").select("audioRenditions.audioKey").whereRef("audioRenditions.audioKey", "=", "songs.audioKey"),
        ),
      ),
    )
    .$if(!uploadsPlay, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("uploadsServedUntilRenditions as early").select("early.audioKey").whereRef("early.audioKey", "=", "songs.audioKey"),
        ),
      ),
    )
    .executeTakeFirst();
  return upload !== undefined;
}

/** `work` on every key, SETTLE_AT_ONCE at a time; resolves what failed. */
async function inBatches(keys: readonly string[], work: (key: string) => Promise<void>): Promise<unknown[]> {
  const failed: unknown[] = [];
  for (let start = 0; start < keys.length; start += SETTLE_AT_ONCE) {
    const results = await Promise.allSettled(keys.slice(start, start + SETTLE_AT_ONCE).map(work));
    for (const result of results) if (result.status === "rejected") failed.push(result.reason);
  }
  return failed;
}

/** Whether a media request is an admin's (a session of theirs in its cookie), who may hear audio not out yet. */
export function adminMayHear(services: Services) {
  return async (req: IncomingMessage): Promise<boolean> => {
    if (!req.headers.cookie) return false;
    const request = new Request(new URL(req.url ?? "/", services.env.publicUrl), { headers: { cookie: req.headers.cookie } });
    return (await adminRefusal(services, request)) === null;
  };
}

/**
 * Who may hear audio not out yet (issue #35): the holder of a private
 * listening link whose address is signed for that audio, or an admin.
 */
export function withheldListeners(services: Services, uploadsPlay: boolean) {
  const admin = adminMayHear(services);
  const link = linkMayHear(services, uploadsPlay);
  return async (req: IncomingMessage, key: string): Promise<boolean> =>
    (await link(key, new URL(req.url ?? "/", services.env.publicUrl).searchParams)) || (await admin(req));
}
