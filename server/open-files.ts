import { fstatSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";

/** What a request needs of a stored file: an open handle and what its headers say. */
export type OpenFile = { handle: FileHandle; size: number; modified: Date };

type Entry = {
  file: Promise<OpenFile | null>;
  /** Requests reading through the handle now; it is closed only when none is. */
  users: number;
  evicted: boolean;
};

/**
 * Uploaded files kept open, with their size and time, for the raw media path.
 * A key never changes content (decision 006), so what `send` looked up on
 * every request (a stat, an open, a close) is looked up once: a 64 KB range
 * costs one read. A file deleted since (a song removed, by this process or
 * another) is noticed on the next request by its link count (one fstat, a
 * few microseconds, where open and close went through the thread pool) and
 * closed; the least recently used handles beyond `max` are closed too, each
 * once no request is reading through it.
 */
export function createOpenFiles({ max = 256 }: { max?: number } = {}) {
  const entries = new Map<string, Entry>();

  function release(entry: Entry) {
    if (!entry.evicted || entry.users > 0) return;
    void entry.file.then((file) => file?.handle.close()).catch(() => {});
  }

  function evict(path: string, entry: Entry) {
    if (entries.get(path) === entry) entries.delete(path);
    entry.evicted = true;
    release(entry);
  }

  async function opened(path: string): Promise<OpenFile | null> {
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const stat = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: stat.size, modified: stat.mtime };
  }

  /** Whether the file behind a kept handle has been deleted (its last link removed). */
  function deleted(file: OpenFile): boolean {
    try {
      return fstatSync(file.handle.fd).nlink === 0;
    } catch {
      return true;
    }
  }

  return {
    /**
     * Runs `serve` with the file at `path` open, or with null when there is no
     * such file. The handle stays valid until `serve` settles.
     */
    async with<T>(path: string, serve: (file: OpenFile | null) => Promise<T>): Promise<T> {
      let entry = entries.get(path);
      let file: OpenFile | null = null;
      if (entry) {
        // Held from here, so no eviction closes the handle while this request looks at it.
        entry.users += 1;
        file = await entry.file.catch(() => null);
        if (file && !entry.evicted && !deleted(file)) {
          // Most recently used last: the first entry is the one to close.
          entries.delete(path);
          entries.set(path, entry);
        } else {
          entry.users -= 1;
          evict(path, entry);
          entry = undefined;
        }
      }
      if (!entry) {
        const fresh: Entry = { file: opened(path), users: 1, evicted: false };
        entries.set(path, fresh);
        for (const [oldPath, old] of entries) {
          if (entries.size <= max) break;
          evict(oldPath, old);
        }
        entry = fresh;
        file = await fresh.file.catch((error: unknown) => {
          fresh.users -= 1;
          evict(path, fresh);
          throw error;
        });
        // No such file is not kept: the next request looks again.
        if (!file) evict(path, fresh);
      }
      try {
        return await serve(file);
      } finally {
        entry.users -= 1;
        release(entry);
      }
    },

    /** Closes every handle no request is reading through (the rest as they finish). */
    closeAll() {
      for (const [path, entry] of entries) evict(path, entry);
    },

    get size() {
      return entries.size;
    },
  };
}
