import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, trustedOrigins } from "#app/lib/platform/request-origin.server.ts";
import { clientIpHeader, dropMalformedForwardedHeaders, isFrameablePath, sameOriginOnly, securityHeaders } from "./http-security.ts";
import { parseTrustProxy, type TrustProxy } from "#app/lib/platform/trusted-proxy.server.ts";

function serve(options: { trustProxy: TrustProxy; https: boolean }) {
  const app = express();
  const publicUrl = options.https ? "https://music.example.com" : "http://localhost:3000";
  app.use(securityHeaders({ publicUrl, development: false }));
  app.use(clientIpHeader(options.trustProxy));
  app.set("trust proxy", options.trustProxy ? 1 : false);
  app.use(dropMalformedForwardedHeaders);
  app.use(sameOriginOnly(trustedOrigins(publicUrl, 3000)));
  app.get(["/embed", "/embed/:id", "/embedded", "/music/:id"], (_req, res) => {
    res.type("html").send("<p>page</p>");
  });
  app.all("/echo", (req, res) => {
    // What React Router's Express adapter builds its request URL from.
    res.json({
      ip: req.headers[CLIENT_IP_HEADER],
      nonce: res.locals.cspNonce,
      url: new URL(`${req.protocol}://${req.hostname}${req.originalUrl}`).href,
    });
  });
  return new Promise<{ server: Server; url: string }>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

describe("host security middleware", () => {
  let plain: { server: Server; url: string };
  let proxied: { server: Server; url: string };
  beforeAll(async () => {
    plain = await serve({ trustProxy: false, https: false });
    proxied = await serve({ trustProxy: { hops: 1 }, https: true });
  });
  afterAll(() => {
    plain.server.close();
    proxied.server.close();
  });

  it("sends a nonce-based CSP without unsafe-inline scripts, and a fresh nonce per response", async () => {
    const [a, b] = await Promise.all([fetch(`${plain.url}/echo`), fetch(`${plain.url}/echo`)]);
    const csp = a.headers.get("content-security-policy") ?? "";
    const { nonce } = (await a.json()) as { nonce: string };
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain(`'nonce-${nonce}'`);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(((await b.json()) as { nonce: string }).nonce).not.toBe(nonce);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull();
  });

  it("lets pages load images and audio from the media CDN, and only from its origin", async () => {
    const app = express();
    app.use(securityHeaders({ publicUrl: "http://localhost:3000", development: false, mediaUrl: "https://cdn.example.com/bucket/media" }));
    app.get("/", (_req, res) => res.send("ok"));
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const csp = (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers.get("content-security-policy") ?? "";
      const directive = (name: string) =>
        csp
          .split(";")
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `)) ?? "";
      expect(directive("img-src").split(" ")).toContain("https://cdn.example.com");
      expect(directive("media-src").split(" ")).toContain("https://cdn.example.com");
      expect(directive("script-src")).not.toContain("cdn.example.com");
      expect(directive("connect-src")).not.toContain("cdn.example.com");
      const plainCsp = (await fetch(`${plain.url}/echo`)).headers.get("content-security-policy") ?? "";
      expect(plainCsp).toContain("media-src 'self' blob:;");
    } finally {
      server.close();
    }
  });

  it("lets other sites frame the embeddable player alone, with its nonce as on any page", async () => {
    const frameAncestors = (csp: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("frame-ancestors"));
    for (const path of ["/embed", "/embed/abc", "/embed/abc?theme=dark", "/embed?theme=light"]) {
      const response = await fetch(`${plain.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(frameAncestors(csp), path).toBe("frame-ancestors *");
      expect(response.headers.get("x-frame-options"), path).toBeNull();
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
    for (const path of ["/embedded", "/music/abc", "/echo?to=/embed"]) {
      const response = await fetch(`${plain.url}${path}`);
      expect(frameAncestors(response.headers.get("content-security-policy") ?? ""), path).toBe("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("names the frameable addresses exactly: /embed and what is under it", () => {
    for (const yes of ["/embed", "/embed/", "/embed/x", "/embed?theme=dark", "/embed/x?y#z", "/embed#top"])
      expect(isFrameablePath(yes), yes).toBe(true);
    for (const no of ["/", "/embedded", "/embed.data", "/music/embed", "//embed", "/EMBED", "/api/embed", "embed"])
      expect(isFrameablePath(no), no).toBe(false);
  });

  it("adds HSTS when the site is served over https", async () => {
    const response = await fetch(`${proxied.url}/echo`);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("overwrites a spoofed client address unless a proxy is trusted", async () => {
    const spoofed = await fetch(`${plain.url}/echo`, { headers: { [CLIENT_IP_HEADER]: "6.6.6.6", "x-forwarded-for": "7.7.7.7" } });
    expect(((await spoofed.json()) as { ip: string }).ip).toBe("127.0.0.1");
  });

  it("takes the address the trusted proxy saw, never one the client wrote in front of it", async () => {
    const ipFrom = async (url: string, forwardedFor: string) =>
      ((await (await fetch(`${url}/echo`, { headers: { "x-forwarded-for": forwardedFor } })).json()) as { ip: string }).ip;
    // One proxy (TRUST_PROXY=true) appends the peer it saw: the rightmost entry.
    expect(await ipFrom(proxied.url, "7.7.7.7, 10.0.0.1")).toBe("10.0.0.1");
    expect(await ipFrom(proxied.url, "10.0.0.1")).toBe("10.0.0.1");
    // Two proxies (a CDN, then nginx): the CDN's entry is the client.
    const chain = await serve({ trustProxy: { hops: 2 }, https: true });
    // Proxies known by address: the rightmost entry that is not one of them.
    const ranges = await serve({ trustProxy: { ranges: ["loopback", "10.0.0.0/8"] }, https: true });
    try {
      expect(await ipFrom(chain.url, "6.6.6.6, 203.0.113.9, 10.0.0.1")).toBe("203.0.113.9");
      expect(await ipFrom(ranges.url, "6.6.6.6, 203.0.113.9, 10.0.0.7, 10.0.0.1")).toBe("203.0.113.9");
      expect(await ipFrom(ranges.url, "10.0.0.7")).toBe("10.0.0.7");
    } finally {
      chain.server.close();
      ranges.server.close();
    }
  });

  it("ignores a forwarded scheme or host that no URL can hold, and keeps good ones", async () => {
    const urlFrom = async (headers: Record<string, string>) =>
      ((await (await fetch(`${proxied.url}/echo?x=1`, { headers })).json()) as { url: string }).url;
    expect(await urlFrom({ "x-forwarded-proto": "https", "x-forwarded-host": "music.example.com" })).toBe(
      "https://music.example.com/echo?x=1",
    );
    expect(await urlFrom({ "x-forwarded-proto": "Googlebot/2.1" })).toBe(`http://127.0.0.1/echo?x=1`);
    expect(await urlFrom({ "x-forwarded-proto": "https, http", "x-forwarded-host": "a b" })).toBe(`https://127.0.0.1/echo?x=1`);
    expect(await urlFrom({ "x-forwarded-host": "evil.example/x?" })).toBe(`http://127.0.0.1/echo?x=1`);
    expect(await urlFrom({ "x-forwarded-host": "[::1]:8080" })).toBe(`http://[::1]/echo?x=1`);
  });

  it("reads TRUST_PROXY as off, a number of proxies, or their addresses", () => {
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, trust: false });
    expect(parseTrustProxy("false")).toEqual({ ok: true, trust: false });
    expect(parseTrustProxy("true")).toEqual({ ok: true, trust: { hops: 1 } });
    expect(parseTrustProxy("2")).toEqual({ ok: true, trust: { hops: 2 } });
    expect(parseTrustProxy("loopback, 172.16.0.0/12")).toEqual({ ok: true, trust: { ranges: ["loopback", "172.16.0.0/12"] } });
    expect(parseTrustProxy("yes").ok).toBe(false);
    expect(parseTrustProxy("10.0.0.0/99").ok).toBe(false);
    expect(parseTrustProxy("50").ok).toBe(false);
  });

  it("refuses a cross-site POST and lets same-site ones through", async () => {
    const evil = await fetch(`${plain.url}/echo`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    const fetchMeta = await fetch(`${plain.url}/echo`, { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchMeta.status).toBe(403);
    const own = await fetch(`${plain.url}/echo`, { method: "POST", headers: { origin: "http://localhost:3000" } });
    expect(own.status).toBe(200);
    const twin = await fetch(`${plain.url}/echo`, { method: "POST", headers: { origin: "http://127.0.0.1:3000" } });
    expect(twin.status).toBe(200);
  });
});
