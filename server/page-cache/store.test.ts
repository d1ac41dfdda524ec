import { describe, expect, it } from "vitest";
import { createPageStore } from "./store.ts";

const page = (bytes = 10, storedAt = Date.now(), staleAt = Infinity) => ({ bytes, storedAt, staleAt });
const limits = { maxEntries: 3, maxBytes: 100, maxAgeMs: 60_000 };

function storeAt(version: number, overrides: Partial<typeof limits> = {}) {
  const store = createPageStore<ReturnType<typeof page>>({ ...limits, ...overrides });
  store.useVersion(version);
  return store;
}

const held = (store: ReturnType<typeof storeAt>, keys: string[]) => keys.filter((key) => store.get(key));

describe("page store", () => {
  it("drops the oldest page first when over the page limit", () => {
    const store = storeAt(1);
    for (const key of ["/a", "/b", "/c", "/d"]) expect(store.keep(key, page(), 1)).toBe(true);
    expect(store.size).toBe(3);
    expect(held(store, ["/a", "/b", "/c", "/d"])).toEqual(["/b", "/c", "/d"]);
  });

  it("drops the least recently served first: a hit makes a page the newest", () => {
    const store = storeAt(1);
    store.keep("/a", page(), 1);
    store.keep("/b", page(), 1);
    store.keep("/c", page(), 1);
    store.get("/a");
    store.keep("/d", page(), 1);
    expect(held(store, ["/a", "/b", "/c", "/d"])).toEqual(["/a", "/c", "/d"]);
  });

  it("counts the bytes of the pages it holds, once each, and drops the oldest to stay under the byte limit", () => {
    const store = storeAt(1, { maxEntries: 10 });
    store.keep("/a", page(40), 1);
    store.keep("/b", page(30), 1);
    expect(store.bytes).toBe(70);
    // A page kept again replaces itself, it is not counted twice.
    store.keep("/b", page(20), 1);
    store.get("/a");
    expect(store.bytes).toBe(60);
    store.keep("/c", page(50), 1);
    expect(held(store, ["/a", "/b", "/c"])).toEqual(["/a", "/c"]);
    expect(store.bytes).toBe(90);
  });

  it("does not keep a page over the byte limit on its own, and keeps the rest", () => {
    const store = storeAt(1);
    store.keep("/a", page(60), 1);
    expect(store.keep("/huge", page(101), 1)).toBe(false);
    expect(held(store, ["/a", "/huge"])).toEqual(["/a"]);
    expect(store.bytes).toBe(60);
  });

  it("serves no page past the moment its content changes on its own", () => {
    const store = storeAt(1);
    store.keep("/ended", page(10, Date.now(), Date.now()), 1);
    store.keep("/counting", page(10, Date.now(), Date.now() + 5_000), 1);
    expect(held(store, ["/ended", "/counting"])).toEqual(["/counting"]);
  });

  it("serves no page older than the age limit", () => {
    const store = storeAt(1);
    store.keep("/old", page(10, Date.now() - limits.maxAgeMs), 1);
    store.keep("/recent", page(10, Date.now() - limits.maxAgeMs + 5_000), 1);
    expect(store.get("/old")).toBeUndefined();
    expect(store.get("/recent")).toBeDefined();
  });

  it("empties when the content version moves on, and keeps nothing rendered at another version", () => {
    const store = storeAt(1);
    store.keep("/a", page(), 1);
    store.useVersion(1);
    expect(store.size).toBe(1);
    store.useVersion(2);
    expect([store.size, store.bytes, store.version]).toEqual([0, 0, 2]);
    // Rendered while the version moved: it may show what changed, or not.
    expect(store.keep("/a", page(), 1)).toBe(false);
    expect(store.size).toBe(0);
    expect(store.keep("/a", page(), 2)).toBe(true);
  });
});
