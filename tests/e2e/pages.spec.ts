import { createHash } from "node:crypto";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/browser.ts";
import { E2E_URL } from "./support/server-env.ts";

const PUBLIC_PAGES = ["/", "/bio", "/shows", "/privacy", "/terms", "/login"];

type Attributes = Record<string, string>;

/** Every tag named `tag` in raw HTML, as attribute maps (React writes plain double-quoted attributes). */
function tagsOf(html: string, tag: string): Attributes[] {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, "gi")) ?? [];
  return tags.map((raw) => {
    const attributes: Attributes = {};
    for (const [, name, value] of raw.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      if (name && name.toLowerCase() !== tag) attributes[name.toLowerCase()] = decodeEntities(value ?? "");
    }
    return attributes;
  });
}

const decodeEntities = (value: string) =>
  value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

function metaContent(html: string, key: "name" | "property", value: string): string | undefined {
  return tagsOf(html, "meta").find((meta) => meta[key] === value)?.content;
}

function titleOf(html: string): string {
  return decodeEntities(html.match(/<title>([^<]*)<\/title>/i)?.[1] ?? "").trim();
}

test.describe("public pages (raw server HTML)", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} answers 200 with title, description and social metadata`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();

      expect(titleOf(html)).not.toBe("");
      expect(metaContent(html, "name", "description")?.trim()).toBeTruthy();
      expect(metaContent(html, "property", "og:title")?.trim()).toBeTruthy();
      expect(metaContent(html, "property", "og:image")).toMatch(new RegExp(`^${E2E_URL}/`));
      expect(metaContent(html, "name", "twitter:card")?.trim()).toBeTruthy();
      // Public pages are indexable.
      expect(metaContent(html, "name", "robots") ?? "").not.toContain("noindex");
    });
  }

  test("the default social image is a 1200×630 PNG", async ({ request }) => {
    const response = await request.get("/social-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    // PNG signature, then the IHDR chunk: length (4), "IHDR" (4), width (4), height (4), big-endian.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });
});

test.describe("404 page", () => {
  test("an unknown path answers 404 with noindex", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(metaContent(html, "name", "robots")).toBe("noindex");
    expect(html).toContain("Page Not Found");
  });

  test("its buttons lead home and to the music page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/no-such-page");
    await page.getByRole("main").getByRole("link", { name: "Listen to Music" }).click();
    await expect(page).toHaveURL("/music");
  });
});

test.describe("security", () => {
  test("pages send a strict CSP, nosniff and no framing; every inline script is allowed by nonce or by hash", async ({ request }) => {
    const cspOf = (headers: Record<string, string>) =>
      new Map(
        (headers["content-security-policy"] ?? "")
          .split(";")
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const [name = "", ...values] = d.split(/\s+/);
            return [name, values] as const;
          }),
      );
    // Executable inline scripts only: JSON-LD data blocks (type="application/ld+json") are never
    // run, so CSP does not apply to them.
    const executable = (type = "") => ["", "module", "text/javascript", "application/javascript"].includes(type.toLowerCase());
    const inlineScriptsOf = (html: string) => tagsOf(html, "script").filter((script) => !("src" in script) && executable(script.type));
    const inlineScriptTexts = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
        .filter(([, attributes = ""]) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
        .map(([, , text = ""]) => text);

    // A page rendered for one visitor (signed-in visitors are never served from the cache)
    // carries a fresh nonce; the page cached for anonymous visitors lists its scripts' hashes.
    const personal = await request.get("/bio", { headers: { cookie: "better-auth.session_token=none" } });
    const personalCsp = cspOf(personal.headers());
    const nonceSource = (personalCsp.get("script-src") ?? []).find((source) => /^'nonce-[^']+'$/.test(source));
    expect(nonceSource, "script-src has a nonce").toBeDefined();
    const nonce = nonceSource!.slice("'nonce-".length, -1);
    const personalScripts = inlineScriptsOf(await personal.text());
    expect(personalScripts.length).toBeGreaterThan(0);
    for (const script of personalScripts) expect(script.nonce).toBe(nonce);
    const again = await request.get("/bio", { headers: { cookie: "better-auth.session_token=none" } });
    expect(again.headers()["content-security-policy"]).not.toBe(personal.headers()["content-security-policy"]);

    await request.get("/");
    const cached = await request.get("/");
    expect(cached.headers()["x-page-cache"]).toBe("HIT");
    const csp = cspOf(cached.headers());
    const scriptSrc = csp.get("script-src") ?? [];
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const texts = inlineScriptTexts(await cached.text());
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const hash = createHash("sha256").update(text).digest("base64");
      expect(scriptSrc, "every inline script's hash is allowed").toContain(`'sha256-${hash}'`);
    }

    for (const directives of [csp, personalCsp]) {
      expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
      expect(directives.get("script-src")).not.toContain("'unsafe-eval'");
      expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    }
    expect(cached.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a page served from the cache runs every script, also after a revalidating reload", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto("/bio");
      if (visit === 1) expect(response?.headers()["x-page-cache"]).toBe("HIT");
      await waitForHydration(page);
    }
    // The browser revalidates with If-None-Match and keeps its copy (304): its stored CSP must still fit it.
    const reloaded = await page.reload();
    expect([200, 304]).toContain(reloaded?.status());
    await waitForHydration(page);
    expect(violations).toEqual([]);
  });

  test("pages do not advertise the server framework (X-Powered-By)", async ({ request }) => {
    const response = await request.get("/bio");
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  });

  test("a cross-site POST to /login is refused with 403", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { Origin: "https://evil.example" },
      form: { intent: "signin", email: "victim@example.com", password: "whatever-password" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});

test.describe("bio page", () => {
  test("shows four musical influences and buttons to /music and /contact", async ({ page }) => {
    await page.goto("/bio");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Juniper Vale");
    const influences = page.getByRole("region", { name: "Musical influences" }).getByRole("listitem");
    await expect(influences).toHaveCount(4);
    for (const item of await influences.all()) {
      await expect(item.getByRole("heading")).not.toBeEmpty();
    }

    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Listen to the Music" })).toHaveAttribute("href", "/music");
    await expect(main.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact");
    await main.getByRole("link", { name: "Get in Touch" }).click();
    await expect(page).toHaveURL("/contact");
    await page.goBack();
    await expect(page).toHaveURL("/bio");
    await page.getByRole("main").getByRole("link", { name: "Listen to the Music" }).click();
    await expect(page).toHaveURL("/music");
  });
});
