import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, clientIpHeader, sameOriginOnly, securityHeaders, trustedOrigins } from "./http-security.server.ts";

function serve(options: { trustProxy: boolean; https: boolean }) {
  const app = express();
  const publicUrl = options.https ? "https://music.example.com" : "http://localhost:3000";
  app.use(securityHeaders({ publicUrl, trustProxy: options.trustProxy, development: false }));
  app.use(clientIpHeader({ trustProxy: options.trustProxy }));
  app.use(sameOriginOnly(trustedOrigins(publicUrl, 3000)));
  app.all("/echo", (req, res) => {
    res.json({ ip: req.headers[CLIENT_IP_HEADER], nonce: res.locals.cspNonce });
  });
  return new Promise<{ server: Server; url: string }>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

describe("host security middleware", () => {
  let plain: { server: Server; url: string };
  let proxied: { server: Server; url: string };
  beforeAll(async () => {
    plain = await serve({ trustProxy: false, https: false });
    proxied = await serve({ trustProxy: true, https: true });
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
    app.use(
      securityHeaders({ publicUrl: "http://localhost:3000", trustProxy: false, development: false, mediaUrl: "https://cdn.example.com/bucket/media" }),
    );
    app.get("/", (_req, res) => res.send("ok"));
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    try {
      const csp = (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).headers.get("content-security-policy") ?? "";
      const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
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

  it("adds HSTS when the site is served over https", async () => {
    const response = await fetch(`${proxied.url}/echo`);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("overwrites a spoofed client address unless a proxy is trusted", async () => {
    const spoofed = await fetch(`${plain.url}/echo`, { headers: { [CLIENT_IP_HEADER]: "6.6.6.6", "x-forwarded-for": "7.7.7.7" } });
    expect(((await spoofed.json()) as { ip: string }).ip).toBe("127.0.0.1");
    const behindProxy = await fetch(`${proxied.url}/echo`, { headers: { "x-forwarded-for": "7.7.7.7, 10.0.0.1" } });
    expect(((await behindProxy.json()) as { ip: string }).ip).toBe("7.7.7.7");
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
