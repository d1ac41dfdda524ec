import { createHash } from "node:crypto";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { baseSecurityHeaders, createPagePolicy, securityHeaders } from "../http-security.ts";
import { createPageCache, STALE_AT_HEADER } from "./page-cache.ts";

const PLACEHOLDER = "__TOKEN_PLACEHOLDER__";
const INJECTED = "<script>alert(1)</script>";

/** The text of every inline <script>, whoever wrote it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1] ?? ""))
    .map((m) => m[2] ?? "");
}

// The cache in front of a stand-in renderer, behind the site's real security
// headers, over real HTTP.
describe("page cache for anonymous visitors", () => {
  let server: Server;
  let base = "";
  let version = 1;
  let renders = 0;
  let tokens = 0;
  let renderDelayMs = 0;
  let countdownEnds = 0;
  let lastRequest: Request | undefined;
  const security = { publicUrl: "http://localhost", development: false };
  const cache = createPageCache({
    policy: createPagePolicy(security),
    baseHeaders: (path) => baseSecurityHeaders(security, path),
    version: async () => version,
    origin: "https://artist.example",
    perResponse: { placeholder: PLACEHOLDER, value: () => `token-${++tokens}` },
    async render(request, nonce) {
      renders += 1;
      lastRequest = request;
      if (renderDelayMs) await new Promise((resolve) => setTimeout(resolve, renderDelayMs));
      const path = new URL(request.url).pathname;
      if (path === "/gone") return new Response(`<p>moved</p>`, { status: 302, headers: { location: "/" } });
      if (path === "/embed/gone") return new Response(`<p>no such song</p>`, { status: 404, headers: { "content-type": "text/html" } });
      if (path === "/broken")
        return new Response(`<script nonce="${nonce}">window.failed=1</script><p>error</p>${INJECTED}`, {
          status: 500,
          headers: { "content-type": "text/html" },
        });
      if (path === "/countdown")
        return new Response(`<p>${Date.now() < countdownEnds ? "soon" : "out now"}</p>`, {
          headers: { "content-type": "text/html", [STALE_AT_HEADER]: String(countdownEnds) },
        });
      if (path === "/plain")
        return new Response(`<p>${"plain ".repeat(200)}</p><script nonce="${nonce}">boot()</script>`, {
          headers: { "content-type": "text/html" },
        });
      const html =
        `<!doctype html><html><head><script nonce="${nonce}">theme()</script></head><body>` +
        `<form><input type="hidden" name="formStarted" value="${PLACEHOLDER}"></form>` +
        `<p>version ${version} ${"lorem ipsum ".repeat(300)}</p>` +
        // Content that escaped escaping (a song title, say): it is not the server's own script.
        `<h2>${INJECTED}</h2>` +
        `<script nonce="${nonce}">window.ctx = {"formStarted":"${PLACEHOLDER}"}</script></body></html>`;
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });

  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders(security));
    app.use(cache.middleware);
    app.use((_req, res) => res.type("text/plain").send("rendered for this visitor only"));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    version += 1;
    renders = 0;
    renderDelayMs = 0;
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  const scriptSources = (response: Response) =>
    (response.headers.get("content-security-policy") ?? "")
      .split(";")
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith("script-src "))
      ?.split(" ")
      .slice(1) ?? [];
  const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

  it("renders a page once, then serves it from memory with a fresh form token", async () => {
    const first = await get("/music");
    // Responses within 100 ms share a token (the check it feeds counts seconds).
    await new Promise((resolve) => setTimeout(resolve, 120));
    const second = await get("/music");
    expect(renders).toBe(1);
    expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["MISS", "HIT"]);
    const [a, b] = [await first.text(), await second.text()];
    expect(a).not.toContain(PLACEHOLDER);
    const tokenIn = (html: string) => /name="formStarted" value="([^"]+)"/.exec(html)?.[1];
    expect(tokenIn(a)).not.toBe(tokenIn(b));
    // The same token in the form and in the page data.
    expect(b).toContain(`{"formStarted":"${tokenIn(b)}"}`);
  });

  it("allows exactly the server's own inline scripts, by hash, with no nonce, and never a script found in content", async () => {
    await get("/music");
    const response = await get("/music");
    const html = await response.text();
    const sources = scriptSources(response);
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(html).not.toContain("nonce=");
    expect(html).toContain(INJECTED);
    const own = inlineScripts(html).filter((script) => script !== "alert(1)");
    expect(own).toHaveLength(2);
    for (const script of own) expect(sources).toContain(hashOf(script));
    expect(sources).not.toContain(hashOf("alert(1)"));
    expect(sources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
  });

  it("renders a kept page from its canonical path alone: no cookie, no header of the visitor's", async () => {
    // Headers the cache lets through (a cookie not ours, a proxy's): none of them may reach the render.
    const response = await get("/contact", {
      cookie: "session=fan-token; other=1",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "http",
      "accept-language": "fr",
      "user-agent": "Googlebot",
    });
    expect(response.headers.get("x-page-cache")).toBe("MISS");
    expect(lastRequest?.url).toBe("https://artist.example/contact");
    expect([...(lastRequest?.headers.keys() ?? [])]).toEqual([]);
    expect(lastRequest?.method).toBe("GET");
  });

  it("keeps one copy per page: another spelling of an address is never kept", async () => {
    await get("/login");
    const before = cache.size;
    for (const path of ["//x/login", "/./login", "/LOGIN", "/login/", "/%6cogin", "/a/../login", "/x//login", "/login/."]) {
      // Not fetch: it would tidy the path before sending it.
      const cacheHeader = await new Promise<string | string[] | undefined>((resolve, reject) => {
        const { hostname, port } = new URL(base);
        http
          .get({ hostname, port, path }, (response) => {
            response.resume();
            resolve(response.headers["x-page-cache"]);
          })
          .on("error", reject);
      });
      expect(cacheHeader, path).toBeUndefined();
    }
    expect(cache.size).toBe(before);
    expect((await get("/login")).headers.get("x-page-cache")).toBe("HIT");
  });

  it("serves gzip assembled around the fresh token, byte for byte the page", async () => {
    await get("/music");
    const response = await fetch(`${base}/music`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch inflates as it reads: a malformed stream would throw here.
    const html = await response.text();
    expect(html).toMatch(/value="token-\d+"/);
    expect(html).not.toContain(PLACEHOLDER);
    const token = /value="(token-\d+)"/.exec(html)?.[1] ?? "";
    for (const script of inlineScripts(html).filter((text) => text !== "alert(1)"))
      expect(scriptSources(response)).toContain(hashOf(script));
    expect(html).toContain(`{"formStarted":"${token}"}`);
  });

  it("serves brotli with the fresh token to a client that takes it", async () => {
    await get("/music");
    const response = await fetch(`${base}/music`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("x-page-cache")).toBe("HIT");
    expect(response.headers.get("content-encoding")).toBe("br");
    const html = await response.text();
    expect(html).toMatch(/value="token-\d+"/);
    expect(html).not.toContain(PLACEHOLDER);
  });

  it("serves a page without per-response values as precompressed brotli", async () => {
    await get("/plain");
    const response = await fetch(`${base}/plain`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.headers.get("x-page-cache")).toBe("HIT");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toContain("plain plain");
  });

  it("renders again, once, after the content version moves on", async () => {
    await get("/music");
    expect((await get("/music")).headers.get("x-page-cache")).toBe("HIT");
    version += 1;
    const after = await get("/music");
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    expect(await after.text()).toContain(`version ${version}`);
    expect(renders).toBe(2);
  });

  it("keeps a page that changes on its own only until that moment, and never sends the instant on", async () => {
    countdownEnds = Date.now() + 300;
    const before = await get("/countdown");
    expect(before.headers.get(STALE_AT_HEADER)).toBeNull();
    expect(await before.text()).toContain("soon");
    expect((await get("/countdown")).headers.get("x-page-cache")).toBe("HIT");
    await new Promise((resolve) => setTimeout(resolve, 350));
    const after = await get("/countdown");
    expect(after.headers.get("x-page-cache")).not.toBe("HIT");
    expect(await after.text()).toContain("out now");
    // A render already past its instant is not kept at all.
    expect((await get("/countdown")).headers.get("x-page-cache")).not.toBe("HIT");
    expect(renders).toBe(3);
  });

  it("shares one render among visitors arriving together", async () => {
    renderDelayMs = 100;
    const responses = await Promise.all(Array.from({ length: 10 }, () => get("/bio")));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(renders).toBe(1);
  });

  it("leaves personal requests to the renderer: our cookies, query strings, other methods", async () => {
    for (const cookie of [
      "better-auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
      "toast=hello",
      "better-auth.session_token =abc",
      "better-auth.session_token\t=abc",
      "\u00a0better-auth.session_token=abc",
      "a=1;Better-Auth.Session_Token=abc",
      " toast =x",
    ]) {
      expect(await (await get("/music", { cookie })).text()).toBe("rendered for this visitor only");
    }
    expect(await (await get("/music", { cookie: "someone-elses=1" })).text()).toContain("<!doctype html>");
    expect(await (await get("/music?utm=x")).text()).toBe("rendered for this visitor only");
    expect(await (await fetch(`${base}/music`, { method: "POST" })).text()).toBe("rendered for this visitor only");
    expect(await (await get("/api/messages")).text()).toBe("rendered for this visitor only");
    for (const file of ["/assets/app-1234.js", "/media/music/1700000000000_a.wav", "/favicon.svg", "/healthz"]) {
      expect(await (await get(file)).text()).toBe("rendered for this visitor only");
    }
    expect(await (await get("/music.data")).text()).toContain("<!doctype html>");
  });

  it("leaves a mailing's /go/ links to their route, with the visitor's own headers, never a render of its own", async () => {
    // The route counts a click from the request's headers (Do Not Track, a bot's name): a render for the cache has none.
    for (const method of ["GET", "HEAD"]) {
      const response = await fetch(`${base}/go/abcdefghijklmnop`, { method, headers: { "user-agent": "Mozilla/5.0" } });
      expect(response.headers.get("x-page-cache")).toBeNull();
      if (method === "GET") expect(await response.text()).toBe("rendered for this visitor only");
    }
    expect(renders).toBe(0);
  });

  it("passes binary responses through untouched", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0xfe]);
    const binary = createPageCache({
      policy: createPagePolicy(security),
      baseHeaders: () => [],
      origin: "http://localhost",
      version: async () => 1,
      render: async () => new Response(png, { headers: { "content-type": "image/png" } }),
    });
    const app = express();
    app.use(binary.middleware);
    const other = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/card`);
      expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
      expect(binary.size).toBe(0);
    } finally {
      other.close();
    }
  });

  it("keeps no redirect or error page, and gives each its own CSP", async () => {
    const redirect = await get("/gone", {});
    expect(redirect.status).toBe(200); // fetch followed it to /
    const broken = await get("/broken");
    const again = await get("/broken");
    expect([broken.status, again.status]).toEqual([500, 500]);
    expect(renders).toBe(4);
    expect(scriptSources(again)).toContain(hashOf("window.failed=1"));
    expect(scriptSources(again)).not.toContain(hashOf("alert(1)"));
    const noFollow = await fetch(`${base}/gone`, { redirect: "manual" });
    expect(noFollow.status).toBe(302);
    expect(noFollow.headers.get("location")).toBe("/");
  });

  it("answers a cached page before any framework, with the security headers, and declines the rest", async () => {
    await get("/music");
    const raw = http.createServer(async (req, res) => {
      if (await cache.serveHit(req, res)) return;
      res.end("not from the cache");
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", () => resolve()));
    try {
      const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
      const hit = await fetch(`${rawBase}/music`, { headers: { "accept-encoding": "gzip" } });
      expect(hit.headers.get("x-page-cache")).toBe("HIT");
      expect(hit.headers.get("content-encoding")).toBe("gzip");
      expect(hit.headers.get("x-frame-options")).toBe("DENY");
      expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await hit.text();
      for (const script of inlineScripts(html).filter((text) => text !== "alert(1)")) expect(scriptSources(hit)).toContain(hashOf(script));
      expect(await (await fetch(`${rawBase}/never-rendered`)).text()).toBe("not from the cache");
      expect(await (await fetch(`${rawBase}/music`, { headers: { cookie: "better-auth.session_token=x" } })).text()).toBe(
        "not from the cache",
      );
    } finally {
      raw.close();
    }
  });

  it("lets only the embeddable player be framed, when rendered, kept and served before any framework", async () => {
    const frameAncestors = (response: Response) =>
      (response.headers.get("content-security-policy") ?? "")
        .split(";")
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith("frame-ancestors"));
    const raw = http.createServer(async (req, res) => {
      if (await cache.serveHit(req, res)) return;
      res.end("not from the cache");
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", () => resolve()));
    try {
      const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
      for (const path of ["/embed/song-1", "/embed", "/music"]) {
        const framed = path.startsWith("/embed");
        const miss = await get(path);
        const hit = await get(path);
        const beforeExpress = await fetch(`${rawBase}${path}`);
        expect(
          [miss, hit, beforeExpress].map((r) => r.headers.get("x-page-cache")),
          path,
        ).toEqual(["MISS", "HIT", "HIT"]);
        for (const response of [miss, hit, beforeExpress]) {
          expect(frameAncestors(response), path).toBe(framed ? "frame-ancestors *" : "frame-ancestors 'none'");
          expect(response.headers.get("x-frame-options"), path).toBe(framed ? null : "DENY");
          expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
        }
      }
      // A spelling that only starts like it is another page, and refuses frames like every other.
      const lookalike = await get("/embedded");
      expect(frameAncestors(lookalike)).toBe("frame-ancestors 'none'");
      expect(lookalike.headers.get("x-frame-options")).toBe("DENY");
    } finally {
      raw.close();
    }
  });

  it("lets an embeddable page that is not kept (a song that is not there) be framed too", async () => {
    const response = await get("/embed/gone");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-page-cache")).toBeNull();
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(response.headers.get("x-frame-options")).toBeNull();
  });

  it("answers HEAD without a body and a matching If-None-Match with 304", async () => {
    const first = await get("/music");
    const etag = first.headers.get("etag") ?? "";
    const head = await fetch(`${base}/music`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("HIT");
    expect(await head.text()).toBe("");
    // Not fetch: it adds Cache-Control: no-cache to conditional requests, as browsers' fetch() does.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}/music`, { headers: { "if-none-match": etag } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on("error", reject);
    });
    expect(status).toBe(304);
    // The browser merges a 304's headers into its copy: a CSP for another token would block its scripts.
    const csp = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${base}/music`, { headers: { "if-none-match": etag } }, (response) => {
          response.resume();
          resolve(response.headers["content-security-policy"] as string | undefined);
        })
        .on("error", reject);
    });
    expect(csp).toBeUndefined();
  });
});

describe("page cache when the content version moves while requests are in flight", () => {
  it("never keeps serving a page from before the move", async () => {
    const security = { publicUrl: "http://localhost", development: false };
    // Each read answers the next version queued, or the last one.
    const versions: number[] = [];
    let current = 1;
    const cache = createPageCache({
      policy: createPagePolicy(security),
      baseHeaders: () => [],
      version: async () => (current = versions.shift() ?? current),
      origin: "https://artist.example",
      render: async () => new Response(`<p>version ${current}</p>`, { headers: { "content-type": "text/html" } }),
    });
    const app = express();
    app.use(cache.middleware);
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/music`);
      // A stand-in for the raw listener's request and response: only what serveHit reads and writes.
      const ask = (url: string) => {
        const sent: { body?: string } = {};
        const req = { method: "GET", url, headers: {} } as unknown as http.IncomingMessage;
        const res = {
          setHeader() {},
          removeHeader() {},
          end: (body?: Buffer) => (sent.body = body?.toString()),
        } as unknown as http.ServerResponse;
        return cache.serveHit(req, res).then((served) => (served ? sent.body : undefined));
      };
      // One request read the version just before a change committed, the next just after; both answers land together.
      versions.push(1, 2);
      const [before] = await Promise.all([ask("/music"), ask("/bio")]);
      expect(before).toBe("<p>version 1</p>");
      expect(await ask("/music")).toBeUndefined();
    } finally {
      server.close();
    }
  });
});

// As server/serve.ts composes them: the raw listener's serveHit first, Express's middleware for what it leaves.
describe("the content version on the way through", () => {
  it("is read once for a miss and once for a hit, and a render is handed the version its page is kept under", async () => {
    let reads = 0;
    const rendered: number[] = [];
    const security = { publicUrl: "http://localhost", development: false };
    const cache = createPageCache({
      policy: createPagePolicy(security),
      baseHeaders: (path) => baseSecurityHeaders(security, path),
      version: async () => {
        reads += 1;
        return 7;
      },
      origin: "https://artist.example",
      render: async (_request, _nonce, version) => {
        rendered.push(version);
        return new Response(`<p>the page</p>`, { headers: { "content-type": "text/html" } });
      },
    });
    const app = express();
    app.use(cache.middleware);
    const server = http.createServer((req, res) => {
      void cache.serveHit(req, res).then((served) => served || app(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const miss = await fetch(`${base}/music`);
      expect(miss.headers.get("x-page-cache")).toBe("MISS");
      expect(await miss.text()).toBe("<p>the page</p>");
      expect(reads).toBe(1);
      expect(rendered).toEqual([7]);
      const hit = await fetch(`${base}/music`);
      expect(hit.headers.get("x-page-cache")).toBe("HIT");
      expect(reads).toBe(2);
      expect(rendered).toEqual([7]);
    } finally {
      server.close();
    }
  });
});
