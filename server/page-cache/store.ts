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

/** A kept page and when a request last took it, as a count of uses (a clock would tie within a millisecond). */
type Slot<Entry> = { entry: Entry; usedAt: number };

/**
 * The kept pages of one process, by key, for one content version at a time.
 * Least recently used goes first, found by a scan when a page is kept (once
 * per render): a hit only notes its turn, where moving the page to the end of
 * the map (a delete and an insert) made the map rehash under load.
 */
export function createPageStore<Entry extends Stored>({ maxEntries, maxBytes, maxAgeMs }: StoreLimits) {
  const entries = new Map<string, Slot<Entry>>();
  // No version has been read yet: the first one read empties an empty store.
  let version = -1;
  let totalBytes = 0;
  let uses = 0;

  function forget(key: string) {
    const slot = entries.get(key);
    if (!slot) return;
    entries.delete(key);
    totalBytes -= slot.entry.bytes;
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    entries.set(key, { entry, usedAt: ++uses });
    totalBytes += entry.bytes;
    while (entries.size > maxEntries || totalBytes > maxBytes) {
      let oldest: string | undefined;
      let oldestAt = Infinity;
      for (const [otherKey, slot] of entries) if (otherKey !== key && slot.usedAt < oldestAt) [oldest, oldestAt] = [otherKey, slot.usedAt];
      if (oldest === undefined) return;
      forget(oldest);
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
     * it becomes the last to be dropped.
     */
    get(key: string): Entry | undefined {
      const slot = entries.get(key);
      const now = Date.now();
      if (!slot || now - slot.entry.storedAt >= maxAgeMs || now >= (slot.entry.staleAt ?? Infinity)) return undefined;
      slot.usedAt = ++uses;
      return slot.entry;
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
