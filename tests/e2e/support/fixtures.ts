import { createHash } from "node:crypto";
import { test as base } from "@playwright/test";
import { E2E_URL } from "./server-env.ts";

/**
 * Every test is its own client address. The e2e server runs as if behind a
 * reverse proxy (TRUST_PROXY=true) and takes the address from X-Forwarded-For,
 * so per-address rate limits (sign-in, sign-up) hold as in production without
 * tests using up each other's allowance.
 */
export const test = base.extend({
  // This worker's own site (tests/e2e/support/server-env.ts), whatever the config was read with.
  baseURL: async ({}, use) => use(E2E_URL),
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const digest = createHash("sha256").update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await use({ "x-forwarded-for": `10.${digest[0]}.${digest[1]}.${digest[2]}` });
  },
});

export { expect } from "@playwright/test";
export type { APIRequestContext, Locator, Page, Route } from "@playwright/test";
