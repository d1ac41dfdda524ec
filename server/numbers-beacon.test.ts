import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { recordBeacon } from "#app/features/numbers/beacon.server.ts";
import { BEACON_PATH } from "#app/domain/counted.ts";
import { createTestSite, testStacks, type TestSite } from "#tests/support/test-site.ts";
import { createBeaconListener } from "./numbers-beacon.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const ORIGIN = "http://localhost:3999";

describe.each(testStacks)("the Numbers beacon, over HTTP, on %s", (stack) => {
  let site: TestSite;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    site = await createTestSite(stack);
    const listener = createBeaconListener({
      record: (request) => void recordBeacon(site.services.numbers, "localhost", request),
      origins: [ORIGIN],
      clientAddress: (req) => String(req.headers["x-test-client"] ?? req.socket.remoteAddress),
      baseHeaders: [["X-Content-Type-Options", "nosniff"]],
    });
    server = createServer((req, res) => {
      if (!listener(req, res)) res.writeHead(418).end("not the beacon");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await site.cleanup();
  });
  beforeEach(async () => {
    await site.services.numbers.flush();
    await site.services.db.deleteFrom("dailyCounts").execute();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${BEACON_PATH}`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "User-Agent": PHONE, Origin: ORIGIN, "Content-Type": "text/plain;charset=UTF-8", ...headers },
    });
  const counted = async () => {
    await site.services.numbers.flush();
    const rows = await site.services.db
      .selectFrom("dailyCounts")
      .select(["metric", "subject", "count"])
      .orderBy("metric")
      .orderBy("subject")
      .execute();
    return rows.filter((row) => row.metric !== "visitor");
  };
  const visitors = async () => {
    await site.services.numbers.flush();
    return (await site.services.db.selectFrom("dailyCounts").select("subject").where("metric", "=", "visitor").execute()).length;
  };

  it("counts a page seen, where it came from and its campaign, and a play's stages; answers 204 with no cookie", async () => {
    const view = await post({
      e: "view",
      p: "/music/paper-boats",
      r: "https://www.example.org/best-of-2026?x=1",
      q: "utm_source=newsletter&utm_campaign=Spring",
    });
    expect(view.status).toBe(204);
    expect(view.headers.get("set-cookie")).toBeNull();
    expect(view.headers.get("cache-control")).toBe("no-store");
    for (const t of ["start", "30s", "end"]) expect((await post({ e: "play", s: "song-1", t })).status).toBe(204);
    await post({ e: "play", s: "song-1", t: "start" });
    expect(await counted()).toEqual([
      { metric: "campaign", subject: "utm_source=newsletter&utm_campaign=spring", count: 1 },
      { metric: "play-30s", subject: "song-1", count: 1 },
      { metric: "play-end", subject: "song-1", count: 1 },
      { metric: "play-start", subject: "song-1", count: 2 },
      { metric: "referrer", subject: "example.org", count: 1 },
      { metric: "view", subject: "/music/paper-boats", count: 1 },
    ]);
    expect(await visitors()).toBe(1);
  });

  it("counts a visitor once a day, and two people apart", async () => {
    await post({ e: "view", p: "/" }, { "X-Test-Client": "203.0.113.1" });
    await post({ e: "view", p: "/music" }, { "X-Test-Client": "203.0.113.1" });
    await post({ e: "view", p: "/" }, { "X-Test-Client": "203.0.113.2" });
    await post({ e: "view", p: "/" }, { "X-Test-Client": "203.0.113.1", "User-Agent": `${PHONE} Other` });
    expect(await visitors()).toBe(3);
    expect(await counted()).toEqual([
      { metric: "view", subject: "/", count: 3 },
      { metric: "view", subject: "/music", count: 1 },
    ]);
  });

  it("counts nothing for a browser that asks not to be tracked, a bot, or a page that is not a public one; still 204", async () => {
    const refusedQuietly = [
      await post({ e: "view", p: "/" }, { "Sec-GPC": "1" }),
      await post({ e: "view", p: "/" }, { DNT: "1" }),
      await post({ e: "view", p: "/" }, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      await post({ e: "view", p: "/listen/0123456789abcdef0123456789abcdef01234567" }),
      await post({ e: "view", p: "/download/secret-token" }),
      await post({ e: "view", p: "/juniper-dashboard" }),
      await post({ e: "view", p: "/music/../../etc" }),
      await post({ e: "play", s: "song-1", t: "halfway" }),
      await post({ e: "play", s: "x".repeat(65), t: "start" }),
      await post("not json"),
      await post({ e: "view", p: "/", r: "http://localhost:3999/music" }),
    ];
    expect(refusedQuietly.map((response) => response.status)).toEqual(Array(refusedQuietly.length).fill(204));
    expect(await counted()).toEqual([{ metric: "view", subject: "/", count: 1 }]);
  });

  it("refuses another site's page, a GET, and a body too large to be a beacon", async () => {
    expect((await post({ e: "view", p: "/" }, { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await post({ e: "view", p: "/" }, { Origin: "", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    const get = await fetch(`${base}${BEACON_PATH}`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await post({ e: "view", p: "/", r: `https://example.org/${"a".repeat(5000)}` })).status).toBe(413);
    expect(await counted()).toEqual([]);
    // Anything else is not the beacon's to answer.
    expect((await fetch(`${base}${BEACON_PATH}/more`, { method: "POST" })).status).toBe(418);
  });
});
