import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "#app/lib/platform/app-context.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { songsForPage } from "./songs.server.ts";

// A slow songs query, made real: another PostgreSQL transaction holds the
// songs table locked (SQLite in WAL never makes a reader wait, so this runs on
// the scale stack).
describe.runIf(testStacks.includes("scale"))("a page's songs while the query is slow", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite("scale");
  });
  afterAll(() => site.cleanup());

  const contextFor = (renderedForCache: boolean) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: site.services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache,
      markDegraded: () => {},
      changesAt: () => {},
    });
    return context;
  };

  /** Runs `read` while the songs table is locked for `ms`. */
  async function whileLocked<T>(ms: number, read: () => Promise<T>): Promise<T> {
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = site.services.db.transaction().execute(async (trx) => {
      await sql`lock table songs in access exclusive mode`.execute(trx);
      locked();
      await new Promise((resolve) => setTimeout(resolve, ms));
    });
    await isLocked;
    const result = await read();
    await holder;
    return result;
  }

  it("streams for one visitor (the page does not wait), and waits for a page the cache will keep", async () => {
    const forOne = await whileLocked(600, () => songsForPage(contextFor(false)));
    expect(forOne.songs).toBeInstanceOf(Promise);
    await expect(forOne.songs).resolves.toEqual([]);

    const started = Date.now();
    const cached = await whileLocked(600, () => songsForPage(contextFor(true)));
    expect(Array.isArray(cached.songs)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });
});
