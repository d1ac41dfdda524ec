import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { appContext } from "./app-context.ts";
import { adminListLoader, encodeCursor, firstPageOrError, PAGE_ERRORS, parsePageRequest, type PageRequest } from "./paged-list.server.ts";
import { CLIENT_IP_HEADER } from "./request-origin.server.ts";
import { NOT_SIGNED_IN } from "./require-admin.server.ts";
import type { Services } from "./services.server.ts";

describe("firstPageOrError", () => {
  it("gives the page, or the list's words when loading it failed", async () => {
    expect(await firstPageOrError(() => Promise.resolve({ items: [1] }), "Failed to load things")).toEqual({ items: [1] });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await firstPageOrError(() => Promise.reject(new Error("database down")), "Failed to load things")).toEqual({ error: "Failed to load things" });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

// The GET every admin list API is made of, called as React Router calls a loader.
describe.each(testStacks)("adminListLoader on %s", (kind) => {
  let site: TestSite;
  let adminCookie = "";
  beforeAll(async () => {
    site = await createTestSite(kind);
    await createAdmin(site.services, { email: "owner@example.com", password: "owner-password", name: "Owner" });
    const signIn = await callAuth(site.services, new Request("http://localhost:3999/login", { headers: { [CLIENT_IP_HEADER]: "10.0.0.1" } }), "/sign-in/email", { email: "owner@example.com", password: "owner-password" });
    adminCookie = signIn.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
  });
  afterAll(() => site.cleanup());

  function get(query: string, list: (services: Services, page: PageRequest) => Promise<unknown>, cookie = adminCookie) {
    const context = new RouterContextProvider();
    context.set(appContext, { services: site.services, cspNonce: "", formStarted: () => "", markDegraded: () => {} });
    const request = new Request(`http://localhost:3999/api/things${query}`, { headers: { cookie } });
    return adminListLoader({ request, context }, list, "Failed to load things");
  }

  it("answers an admin with the page the query asks for, never cached", async () => {
    const cursor = encodeCursor({ timestamp: 5, id: "x" });
    const response = await get(`?before=${cursor}&limit=3`, async (_services, page) => ({ asked: page }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ asked: { before: cursor, limit: "3" } });
  });

  it("refuses anyone else before it lists anything", async () => {
    const list = vi.fn(async () => ({}));
    const response = await get("", list, "");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: NOT_SIGNED_IN, success: false });
    expect(list).not.toHaveBeenCalled();
  });

  it("says what was wrong with a bad cursor (400), and only the list's words when listing fails (500)", async () => {
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
    expect(await failed.json()).toEqual({ error: "Failed to load things" });
    log.mockRestore();
  });
});
