// Issue #30: a signed-in visitor's pages and the dashboard are kept by no
// cache, as HTML and as the data the app fetches; a method the site does not
// answer gets 405 or 501 with a sentence, never a 500.
import { request as httpRequest } from "node:http";
import { DASHBOARD_PATH } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";

/** A raw request, as fetch refuses to send TRACE at all. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, E2E_URL), { method }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

test("a signed-in visitor's pages and the dashboard, HTML and data, are kept by no cache; a visitor's are cached", async ({ page }) => {
  await signInAsAdmin(page);
  for (const path of ["/", "/music", "/music.data", "/bio.data", DASHBOARD_PATH, `${DASHBOARD_PATH}.data`, `${DASHBOARD_PATH}/music`]) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status(), path).toBeLessThan(400);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
  }
  await page.context().clearCookies();
  const anonymous = await page.request.get("/music");
  expect(anonymous.headers()["cache-control"] ?? "").not.toContain("private");
});

test("a method the site does not answer gets 405 or 501 with a sentence, on a page and on the API", async () => {
  for (const path of ["/", "/music", "/api/songs", `${DASHBOARD_PATH}`]) {
    for (const [method, status] of [
      ["TRACE", 405],
      ["PUT", 405],
      ["PATCH", 405],
      ["PROPFIND", 501],
      ["MKCOL", 501],
    ] as const) {
      const answer = await rawRequest(method, path);
      expect([method, path, answer.status], answer.body).toEqual([method, path, status]);
      expect(answer.body).toContain("This site does not answer that kind of request.");
    }
  }
});
