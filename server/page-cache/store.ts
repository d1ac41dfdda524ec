/** What the store needs to know of a page it keeps: how much memory it holds, and since when. */
export type Stored = {
  bytes: number;
  storedAt: number;
  /** When the page's own content changes (a countdown ends); Infinity if never. */ staleAt?: number;
};

export type StoreLimits = {
  /** Most pages kept at once. */
  maxEntries: number;
  /** Most bytes kept at once, as the entries count themselves. */
  maxBytes: number;
  /** How long a page may be served at all (the footer's year and such must refresh some day). */
  maxAgeMs: number;
};

/**
 * The kept pages of one process, by key, for one content version at a time.
 * Least recently used goes first: a Map iterates in insertion order, and a hit
 * re-inserts, so the first key is always the one to drop.
 */
export function createPageStore<Entry extends Stored>({ maxEntries, maxBytes, maxAgeMs }: StoreLimits) {
  const entries = new Map<string, Entry>();
  // No version has been read yet: the first one read empties an empty store.
  let version = -1;
  let totalBytes = 0;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    totalBytes += entry.bytes;
    for (const oldKey of entries.keys()) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
      forget(oldKey);
    }
  }

  return {
    /** How many pages are held; for tests and diagnostics. */
    get size() {
      return entries.size;
    },

    /** How many bytes the held pages count; for tests and diagnostics. */
    get bytes() {
      return totalBytes;
    },

    /** The content version the held pages were rendered at. */
    get version() {
      return version;
    },

    /**
     * Takes the content version just read: a new one means every held page may
     * be out of date, so all of them go.
     */
    useVersion(current: number) {
      if (current === version) return;
      entries.clear();
      totalBytes = 0;
      version = current;
    },

    /**
     * The page held under `key`, unless it is older than the age limit; found,
     * it becomes the last to be dropped. Found and moved in one step: moved
     * later, after an await, it could be put back into a store that another
     * request had emptied for a new version in between, and be served as
     * current until it aged out.
     */
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      const now = Date.now();
      if (!entry || now - entry.storedAt >= maxAgeMs || now >= (entry.staleAt ?? Infinity)) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },

    /**
     * Keeps a page rendered at content version `renderedAt`, dropping the least
     * recently used to make room. Not kept if the version moved on while it
     * rendered (it may show the old content), or if it alone is over the byte
     * limit (it would push out every other page and then itself).
     */
    keep(key: string, entry: Entry, renderedAt: number): boolean {
      if (renderedAt !== version || entry.bytes > maxBytes) return false;
      remember(key, entry);
      return true;
    },
  };
}
