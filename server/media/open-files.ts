import { fstatSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";

/** What a request needs of a stored file: an open handle and what its headers say. */
export type OpenFile = {
  handle: FileHandle;
  size: number;
  modified: Date;
  /** The whole file, once read into memory (within the memory budget): a body is a slice of it. */
  bytes?: Buffer;
};

/** The open files of one process, shared by every media path that reads local files. */
export type OpenFiles = ReturnType<typeof createOpenFiles>;

type Entry = {
  file: Promise<OpenFile | null>;
  /** The file once opened, for dropping its bytes when the entry goes. */
  opened?: OpenFile | null;
  /** Requests reading through the handle now (and a read into memory); it is closed only when none is. */
  users: number;
  evicted: boolean;
  loading: boolean;
  /** When a request last asked for it (Date.now()), for telling a cold file. */
  usedAt: number;
  /** The same as a count of uses, for the least recent to go first (a clock would tie within a millisecond). */
  useCount: number;
};

/**
 * Uploaded files kept open, with their size and time, for the local media path.
 * A key never changes content (decision 006), so what a file server looks up on
 * every request (a stat, an open, a close) is looked up once: a 64 KB range
 * costs one read. A file deleted since (a song removed, by this process or
 * another) is noticed on the next request by its link count (one fstat, a
 * few microseconds, where open and close went through the thread pool) and
 * closed; the least recently used handles beyond `max` are closed too, each
 * once no request is reading through it.
 *
 * Within `memoryBytes` (MEDIA_MEMORY_MB), files are also read whole into
 * memory, in the background, after their first request: a range is then a
 * slice of a buffer and one write, with no read and no copy (what nginx gets
 * from the page cache and sendfile). A file leaves memory when it is deleted
 * or evicted, or to make room for another once it has gone `coldMs` unasked.
 * Measured on loopback with a bare server: 64 KB ranges 0.5 of nginx read
 * from the file, 1.3 from memory; whole songs 0.8 and 1.8.
 */
export function createOpenFiles({
  max = 256,
  memoryBytes = 0,
  coldMs = 60_000,
}: { max?: number; memoryBytes?: number; coldMs?: number } = {}) {
  const entries = new Map<string, Entry>();
  let inMemory = 0;
  let uses = 0;

  function forget(file: OpenFile | null | undefined) {
    if (!file?.bytes) return;
    inMemory -= file.bytes.length;
    file.bytes = undefined;
  }

  function release(entry: Entry) {
    if (!entry.evicted || entry.users > 0) return;
    void entry.file.then((file) => file?.handle.close()).catch(() => {});
  }

  function evict(path: string, entry: Entry) {
    if (entries.get(path) === entry) entries.delete(path);
    entry.evicted = true;
    // Requests already sending a slice keep it alive until they finish.
    forget(entry.opened);
    release(entry);
  }

  /**
   * Whether `size` more bytes fit, counting those of files nobody asked for
   * in the last `coldMs` as free: a file is only ever pushed out by a newer
   * one once it has gone cold. With more songs playing than fit, the ones in
   * memory stay and the rest are read from disk, instead of each request
   * reading a whole song in to push another out.
   */
  function room(size: number, now: number, makeIt: boolean): boolean {
    let free = memoryBytes - inMemory;
    if (free >= size) return true;
    const cold = [...entries.values()]
      .filter((other) => now - other.usedAt >= coldMs && other.opened?.bytes)
      .sort((a, b) => a.useCount - b.useCount);
    for (const other of cold) {
      if (free >= size) break;
      free += other.opened?.bytes?.length ?? 0;
      if (makeIt) forget(other.opened);
    }
    return free >= size;
  }

  /**
   * Past `max`, the least recently used entries go. Found by a scan when a new
   * file is opened, rather than by moving each used entry to the end of the
   * map on every request (a delete and an insert that, tens of thousands of
   * times a second, also make the map rehash).
   */
  function evictPastMax(keep: Entry) {
    while (entries.size > max) {
      let oldest: [string, Entry] | undefined;
      for (const pair of entries) if (pair[1] !== keep && (!oldest || pair[1].useCount < oldest[1].useCount)) oldest = pair;
      if (!oldest) return;
      evict(oldest[0], oldest[1]);
    }
  }

  /** Reads the whole file into memory, in the background, when it fits. */
  async function load(entry: Entry, file: OpenFile) {
    if (!room(file.size, Date.now(), false)) return;
    entry.loading = true;
    entry.users += 1;
    try {
      const bytes = Buffer.allocUnsafe(file.size);
      for (let at = 0; at < file.size;) {
        const { bytesRead } = await file.handle.read(bytes, at, file.size - at, at);
        // Shorter than its stat said: left to the read path, which says so.
        if (bytesRead === 0) return;
        at += bytesRead;
      }
      if (entry.evicted || !room(file.size, Date.now(), true)) return;
      file.bytes = bytes;
      inMemory += file.size;
    } catch {
      // The read path serves it as before.
    } finally {
      entry.loading = false;
      entry.users -= 1;
      release(entry);
    }
  }

  function remember(entry: Entry, file: OpenFile | null) {
    entry.opened = file;
    entry.usedAt = Date.now();
    entry.useCount = ++uses;
    if (file && !file.bytes && !entry.loading && file.size > 0 && file.size <= memoryBytes) void load(entry, file);
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
     * Runs `serve` with the file named `name` open (at `locate(name)`, asked
     * only when it is not open yet), or with null when there is no such file.
     * The handle stays valid until `serve` settles.
     */
    async with<T>(name: string, locate: (name: string) => string, serve: (file: OpenFile | null) => Promise<T>): Promise<T> {
      let entry = entries.get(name);
      let file: OpenFile | null = null;
      if (entry) {
        // Held from here, so no eviction closes the handle while this request looks at it.
        entry.users += 1;
        file = await entry.file.catch(() => null);
        if (!file || entry.evicted || deleted(file)) {
          entry.users -= 1;
          evict(name, entry);
          entry = undefined;
        }
      }
      if (!entry) {
        const fresh: Entry = {
          file: opened(locate(name)),
          users: 1,
          evicted: false,
          loading: false,
          usedAt: Date.now(),
          useCount: ++uses,
        };
        entries.set(name, fresh);
        evictPastMax(fresh);
        entry = fresh;
        file = await fresh.file.catch((error: unknown) => {
          fresh.users -= 1;
          evict(name, fresh);
          throw error;
        });
        // No such file is not kept: the next request looks again.
        if (!file) evict(name, fresh);
      }
      if (!entry.evicted) remember(entry, file);
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

    /** Bytes of files held in memory now. */
    get inMemory() {
      return inMemory;
    },
  };
}
