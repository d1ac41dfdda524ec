// Issue #30: a subscriber file over the import's limit, sent in chunks with no
// length said beforehand (as a script or a slow link may), is answered with the
// 413's words, not a connection reset halfway through sending.
import { request as httpRequest } from "node:http";
import { signInAsAdmin } from "./support/dashboard.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";

test("a chunked CSV over 5 MB gets a 413 with its words, read to the end", async ({ page }) => {
  await signInAsAdmin(page);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const line = `${"x".repeat(60)}@fans.example\n`;
  const chunk = line.repeat(Math.ceil((256 * 1024) / line.length));
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(
      new URL("/api/subscribers/import?name=big.csv", E2E_URL),
      { method: "POST", headers: { cookie, origin: E2E_URL, "content-type": "text/csv", "transfer-encoding": "chunked" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (body += part));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    // About 6 MB, in 256 KB pieces, each after the last is taken.
    let sent = 0;
    const next = () => {
      if (sent >= 24) return void request.end();
      sent++;
      if (request.write(chunk)) setImmediate(next);
      else request.once("drain", next);
    };
    next();
  });
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toEqual({ error: "The file is larger than 5 MB: split it and import the parts." });
});
