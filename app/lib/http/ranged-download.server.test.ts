import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { attachmentDisposition, rangedDownload } from "./ranged-download.server.ts";

const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
const headers = { fileName: "Juniper Vale - Låg Tide (FLAC).zip", type: "application/zip", cacheControl: "private, no-store" };

describe.each(testStacks)("a download that resumes, on %s", (stack) => {
  let site: TestSite;
  let key: string;
  beforeAll(async () => {
    site = await createTestSite(stack);
    ({ key } = await site.services.storage.put("press", "kit.pdf", Readable.from([bytes])));
  });
  afterAll(() => site.cleanup());

  const get = (init: RequestInit & { headers?: Record<string, string> } = {}) => new Request("http://localhost/download/x/flac.zip", init);

  it("sends the whole file, named, once counted", async () => {
    let started = 0;
    const response = await rangedDownload(site.services.storage, key, get(), headers, async () => void started++);
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-length")).toBe("5000");
    expect(response?.headers.get("accept-ranges")).toBe("bytes");
    expect(response?.headers.get("content-disposition")).toBe(attachmentDisposition(headers.fileName));
    expect(Buffer.from(await response!.arrayBuffer()).equals(bytes)).toBe(true);
    expect(started).toBe(1);
  });

  it("goes on from where a broken download stopped, and counts only a download begun", async () => {
    let started = 0;
    const first = await rangedDownload(site.services.storage, key, get(), headers);
    const etag = first!.headers.get("etag")!;
    await first!.body?.cancel();
    const rest = await rangedDownload(
      site.services.storage,
      key,
      get({ headers: { range: "bytes=3000-", "if-range": etag } }),
      headers,
      async () => void started++,
    );
    expect(rest?.status).toBe(206);
    expect(rest?.headers.get("content-range")).toBe("bytes 3000-4999/5000");
    expect(Buffer.from(await rest!.arrayBuffer()).equals(bytes.subarray(3000))).toBe(true);
    expect(started).toBe(0);
    // A file changed since (another ETag): the whole of the new one, not a piece of it.
    const changed = await rangedDownload(
      site.services.storage,
      key,
      get({ headers: { range: "bytes=3000-", "if-range": '"other"' } }),
      headers,
    );
    expect(changed?.status).toBe(200);
    await changed!.body?.cancel();
    const beyond = await rangedDownload(site.services.storage, key, get({ headers: { range: "bytes=9000-" } }), headers);
    expect(beyond?.status).toBe(416);
    expect(beyond?.headers.get("content-range")).toBe("bytes */5000");
  });

  it("answers HEAD without a body, and nothing for a file that is not there", async () => {
    const head = await rangedDownload(site.services.storage, key, get({ method: "HEAD" }), headers);
    expect(head?.status).toBe(200);
    expect(head?.headers.get("content-length")).toBe("5000");
    expect(head?.body).toBeNull();
    expect(await rangedDownload(site.services.storage, "press/1700000000000_gone.pdf", get(), headers)).toBeNull();
  });

  it("names the file for every browser: an ASCII fallback beside the UTF-8 name", () => {
    expect(attachmentDisposition('Låg "Tide".zip')).toBe(
      `attachment; filename="L_g _Tide_.zip"; filename*=UTF-8''L%C3%A5g%20%22Tide%22.zip`,
    );
  });
});
