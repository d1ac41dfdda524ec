import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { appContext } from "#app/lib/platform/app-context.ts";
import { adminListLoader, encodeCursor, firstPageOrError, PAGE_ERRORS, parsePageRequest, type PageRequest } from "./paged-list.server.ts";
import { NOT_SIGNED_IN } from "#app/lib/auth/require-admin.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";

// Who is an admin is require-admin's business (and its tests'); here a request says it with a header.
vi.mock("#app/lib/auth/require-admin.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("#app/lib/auth/require-admin.server.ts")>();
  return {
    ...real,
    denyUnlessAdmin: async (_services: Services, request: Request) =>
      request.headers.get("x-test-admin") ? null : real.privateJson({ error: real.NOT_SIGNED_IN, success: false }, 401),
  };
});

describe("firstPageOrError", () => {
  it("gives the page, or the list's words when loading it failed", async () => {
    expect(await firstPageOrError(() => Promise.resolve({ items: [1] }), "Failed to load things")).toEqual({ items: [1] });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await firstPageOrError(() => Promise.reject(new Error("database down")), "Failed to load things")).toEqual({
      error: "Failed to load things",
    });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

// The GET every admin list API is made of, called as React Router calls a loader.
describe("adminListLoader", () => {
  const services = {} as Services;
  function get(query: string, list: (services: Services, page: PageRequest) => Promise<unknown>, admin = true) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: false,
      markDegraded: () => {},
      changesAt: () => {},
    });
    const request = new Request(`http://localhost:3999/api/things${query}`, { headers: admin ? { "x-test-admin": "1" } : {} });
    return adminListLoader({ request, context }, list, "Failed to load things");
  }

  it("answers an admin with the page the query asks for, never cached", async () => {
    const cursor = encodeCursor({ timestamp: 5, id: "x" });
    const response = await get(`?before=${cursor}&limit=3`, async (given, page) => ({ same: given === services, asked: page }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ same: true, asked: { before: cursor, limit: "3" } });
  });

  it("refuses anyone else before it lists anything", async () => {
    const list = vi.fn(async () => ({}));
    const response = await get("", list, false);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: NOT_SIGNED_IN, success: false });
    expect(list).not.toHaveBeenCalled();
  });

  it("says what was wrong with a bad cursor or limit (400), and only the list's words when listing fails (500)", async () => {
    const list = async (_services: Services, page: PageRequest) => parsePageRequest(page, { default: 20, max: 100 });
    const badCursor = await get("?before=not*a*cursor", list);
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toEqual({ error: PAGE_ERRORS.invalidCursor });
    const badLimit = await get("?limit=0", list);
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toEqual({ error: PAGE_ERRORS.invalidLimit });

    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const failed = await get("", () => Promise.reject(new Error("relation does not exist")));
    expect(failed.status).toBe(500);
    expect(failed.headers.get("Cache-Control")).toBe("no-store");
    expect(await failed.json()).toEqual({ error: "Failed to load things" });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
