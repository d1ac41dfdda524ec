// Which stored files anyone may fetch (issue #30): audio only once its song is
// out. A song's audio is stored as music/{ms}_{name} (SPEC), a name that can be
// guessed, so the media path itself must refuse audio that is not out yet, on
// every way it serves bytes, with the same 404 as a file that does not exist.
import type { IncomingMessage } from "node:http";
import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/db-schema.ts";
import { adminRefusal } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

/** Folders whose files are public once stored: covers (a coming release's countdown shows its cover) and photos. */
const OPEN_FOLDERS = ["covers/", "photos/"] as const;

/** How often a process looks whether the catalogue changed, to forget audio no longer out (a restored backup). */
const LOOK_EVERY_MS = 5_000;

export type MediaGate = {
  /**
   * From memory, for the raw listener: true for a file anyone may have (an
   * open folder, or audio known to be out). False means "ask" (isOpen), not no.
   */
  knownOpen(key: string): boolean;
  /** Asks the database: true for the audio of a song that is out, which is then remembered. */
  isOpen(key: string): Promise<boolean>;
  stop(): void;
};

/**
 * The gate of one process. The audio known to be out is loaded at start and
 * again whenever the content version moves (every change to the catalogue moves
 * it); a key not known is asked of the database, so audio is playable from the
 * moment its release commits, on every process, and a guessed name of audio not
 * out gets nothing.
 */
export function createMediaGate(db: Kysely<Database>, version: () => Promise<number>): MediaGate {
  let open = new Set<string>();
  let loadedAt: number | null = null;
  let stopped = false;
  const load = async () => {
    const current = await version();
    if (current === loadedAt) return;
    const rows = await db.selectFrom("songs").select("audioKey").where("released", "=", 1).execute();
    open = new Set(rows.map((row) => row.audioKey));
    loadedAt = current;
  };
  const look = () => {
    if (stopped) return;
    load().catch((error: unknown) => console.error("Loading the audio that is out failed", error));
  };
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    knownOpen: (key) => OPEN_FOLDERS.some((folder) => key.startsWith(folder)) || open.has(key),
    async isOpen(key) {
      if (OPEN_FOLDERS.some((folder) => key.startsWith(folder)) || open.has(key)) return true;
      if (!key.startsWith("music/")) return false;
      const row = await db.selectFrom("songs").select("id").where("audioKey", "=", key).where("released", "=", 1).executeTakeFirst();
      if (row) open.add(key);
      return row !== undefined;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}

/** Whether a media request is an admin's (a session of theirs in its cookie), who may hear audio not out yet. */
export function adminMayHear(services: Services) {
  return async (req: IncomingMessage): Promise<boolean> => {
    if (!req.headers.cookie) return false;
    const request = new Request(new URL(req.url ?? "/", services.env.publicUrl), { headers: { cookie: req.headers.cookie } });
    return (await adminRefusal(services, request)) === null;
  };
}
