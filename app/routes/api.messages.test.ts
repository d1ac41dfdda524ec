import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { appContext } from "#app/lib/platform/app-context.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { FORM_ERRORS } from "#app/lib/http/read-form.server.ts";
import { INBOX_TEXT } from "#app/features/inbox/ui-text.ts";
import { action } from "./api.messages.ts";

// The dashboard's message actions, called as React Router calls them, by a signed-in admin.
describe.each(testStacks)("message actions on %s", (kind) => {
  let site: TestSite;
  let adminCookie = "";
  beforeAll(async () => {
    site = await createTestSite(kind);
    await createAdmin(site.services, { email: "owner@example.com", password: "owner-password", name: "Owner" });
    const signIn = await callAuth(
      site.services,
      new Request("http://localhost:3999/login", { headers: { [CLIENT_IP_HEADER]: "10.0.0.1" } }),
      "/sign-in/email",
      { email: "owner@example.com", password: "owner-password" },
    );
    adminCookie = signIn.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
  });
  afterAll(() => site.cleanup());

  async function post(contentType: string, body: string) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: site.services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: false,
      markDegraded: () => {},
      changesAt: () => {},
    });
    const request = new Request("http://localhost:3999/api/messages", {
      method: "POST",
      headers: { "content-type": contentType, cookie: adminCookie },
      body,
    });
    return action({ request, context, params: {}, unstable_pattern: "/api/messages" } as unknown as Parameters<typeof action>[0]);
  }
  const seedMessage = async (id: string) =>
    site.services.db
      .insertInto("contacts")
      .values({ id, name: null, email: null, message: "Hello", timestamp: Date.now(), status: "unread" })
      .execute();
  const stillThere = async (id: string) =>
    (await site.services.db.selectFrom("contacts").select("id").where("id", "=", id).execute()).length === 1;

  it("reads JSON only when the body says exactly that it is JSON", async () => {
    await seedMessage("kept-message");
    const json = JSON.stringify({ intent: "delete", id: "kept-message" });
    // What a form on another site can send without a preflight: not JSON, whatever its parameters say.
    // Anything else must be a form, and is refused as not one (415), never read as JSON.
    for (const type of [
      "text/plain; note=application/json",
      "text/plain;application/json",
      "application/json-seq",
      "application/jsonx",
      "multipart/mixed; type=application/json",
    ]) {
      const response = await post(type, json);
      expect(response.status, type).toBe(415);
      expect(await response.json(), type).toEqual({ success: false, error: FORM_ERRORS.unreadable });
      expect(await stillThere("kept-message"), type).toBe(true);
    }
    // Broken JSON that says it is JSON is a bad request, not a crash.
    expect((await post("application/json", "{")).status).toBe(400);
    expect(await stillThere("kept-message")).toBe(true);
    const response = await post("Application/JSON; charset=utf-8", json);
    expect(response.status).toBe(200);
    expect(await stillThere("kept-message")).toBe(false);
  });

  it("answers in SPEC's words, with the status the service chose and no status in the body", async () => {
    await seedMessage("wire-message");
    const form = (fields: Record<string, string>) => post("application/x-www-form-urlencoded", new URLSearchParams(fields).toString());
    const read = await form({ intent: "mark-read", id: "wire-message" });
    expect([read.status, await read.json()]).toEqual([200, { success: true }]);
    const deleted = await form({ intent: "delete", id: "wire-message" });
    expect([deleted.status, await deleted.json()]).toEqual([200, { success: true }]);
    const gone = await form({ intent: "delete", id: "wire-message" });
    expect([gone.status, await gone.json()]).toEqual([404, { success: false, error: INBOX_TEXT.notFound }]);
    const nameless = await form({ intent: "delete" });
    expect([nameless.status, await nameless.json()]).toEqual([400, { success: false, error: INBOX_TEXT.idRequired }]);
  });

  it("still takes the dashboard's forms", async () => {
    await seedMessage("form-message");
    const response = await post(
      "application/x-www-form-urlencoded",
      new URLSearchParams({ intent: "delete", id: "form-message" }).toString(),
    );
    expect(response.status).toBe(200);
    expect(await stillThere("form-message")).toBe(false);
  });
});
