import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createAdmin } from "#app/features/auth/admins.server.ts";
import { callAuth } from "#app/features/auth/auth-request.server.ts";
import { holdSubmission } from "#app/domain/held-submissions.server.ts";
import { appContext } from "#app/lib/platform/app-context.ts";
import { CLIENT_IP_HEADER } from "#app/lib/platform/request-origin.server.ts";
import { action } from "./api.filtered.ts";

// What the artist lets through from Filtered is counted in their Numbers as it is kept: a message, a sign-up.
describe.each(testStacks)("letting a held submission through, on %s", (kind) => {
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

  async function release(id: string) {
    const context = new RouterContextProvider();
    context.set(appContext, {
      services: site.services,
      cspNonce: "",
      formStarted: () => "",
      renderedForCache: false,
      markDegraded: () => {},
      changesAt: () => {},
    });
    const request = new Request("http://localhost:3999/api/filtered", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: adminCookie },
      body: new URLSearchParams({ intent: "release", id }).toString(),
    });
    return action({ request, context, params: {}, unstable_pattern: "/api/filtered" } as unknown as Parameters<typeof action>[0]);
  }
  const counted = async () => {
    await site.services.numbers.flush();
    return site.services.db.selectFrom("dailyCounts").select(["metric", "subject", "count"]).orderBy("metric").execute();
  };

  it("counts a message and a sign-up once each, when they are let through", async () => {
    const message = await holdSubmission(site.services.db, {
      kind: "contact",
      content: { name: "Ada", email: "ada@example.com", message: "Hi!" },
      reason: "too-fast",
    });
    const signUp = await holdSubmission(site.services.db, {
      kind: "newsletter",
      content: { email: "quick@example.com" },
      reason: "too-fast",
    });
    if (!message.held || !signUp.held) throw new Error("not held");
    expect(await counted()).toEqual([]);
    for (const id of [message.id, signUp.id, message.id]) await release(id);
    expect(await counted()).toEqual([
      { metric: "message", subject: "", count: 1 },
      { metric: "signup", subject: "filtered ", count: 1 },
    ]);
  });
});
