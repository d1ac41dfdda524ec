// What a hand probe found in the page cache and behind a proxy (issue 13),
// against the real server on each stack:
// - no header a visitor sends can get a signed-in fan's page kept and shown to
//   everyone (property-based: cookie spellings, prefixes, other headers, .data);
// - other spellings of an address cannot fill the cache and push pages out;
// - a cached page's CSP allows the server's own scripts only, never one found
//   in content (a song title);
// - behind a proxy that appends to X-Forwarded-For, a client cannot pick its
//   own address to escape the sign-in limit;
// - JSON sign-up answers a taken address exactly as a new one.
//
// FC_SEED=<seed> replays a failure, FC_RUNS=<n> changes the number of cases.
import { createHash } from "node:crypto";
import http from "node:http";
import fc from "fast-check";
import { synthWav, coverPng } from "../../scripts/media/synth.ts";
import { canonicalPath, pathOf } from "../../server/canonical-path.ts";
import { bumpContentVersion } from "#app/lib/db/content-version.server.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";
import { freshClientIp } from "./support/nasty-input.ts";
import { E2E_PORT, E2E_URL } from "./support/server-env.ts";

const RUNS = Number(process.env.FC_RUNS ?? 60);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const PASSWORD = "correct-horse-battery";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request exactly as written: the path and headers reach the server untouched (fetch would tidy both). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path,
        method,
        headers: { host: `localhost:${E2E_PORT}`, "accept-encoding": "identity", ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await fetch(`${E2E_URL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: E2E_URL, "x-forwarded-for": freshClientIp() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const signUp = (email: string, name: string, clientIp = freshClientIp()) =>
  fetch(`${E2E_URL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: E2E_URL, "x-forwarded-for": clientIp },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });

/** Public pages and their React Router data, as anonymous visitors ask for them. */
const PUBLIC_PATHS = [
  "/",
  "/login",
  "/music",
  "/shows",
  "/bio",
  "/contact",
  "/privacy",
  "/terms",
  "/_.data",
  "/login.data",
  "/music.data",
  "/shows.data",
  "/contact.data",
];

test.describe("the page cache shows nobody anyone else's page", () => {
  test.describe.configure({ timeout: 240_000 });

  test("no spelling of a signed-in fan's cookie, and no other header, gets their page kept for everyone", async () => {
    const fanName = `Fan Zephyrine ${Date.now().toString(36)}`;
    const fanEmail = uniqueEmail("cache-fan");
    expect((await signUp(fanEmail, fanName)).status).toBe(200);
    const session = await signIn(fanEmail);
    const cookieName = session.slice(0, session.indexOf("="));
    const token = session.slice(session.indexOf("=") + 1);
    expect(cookieName).toBe("better-auth.session_token");
    // The fan's own page, asked for normally, is theirs (the token works).
    expect((await raw("/login", { cookie: session })).body).toContain(fanName);

    const traces = [fanName, fanEmail, "You're signed in", "Signed in as"];
    const nameSpelling = fc
      .tuple(
        fc.constantFrom("", "__Secure-", "__Host-", " ", "\t", "\u00a0", "  \t"),
        fc.constantFrom(
          (name: string) => name,
          (name: string) => name.toUpperCase(),
          (name: string) => name.replace("session", "Session"),
        ),
        fc.constantFrom("", " ", "\t", " \t ", "\u00a0"),
        fc.constantFrom("", " ", "\t"),
        fc.boolean(),
      )
      .map(
        ([prefix, caseOf, beforeEquals, afterEquals, quoted]) =>
          `${prefix}${caseOf(cookieName)}${beforeEquals}=${afterEquals}${quoted ? `"${token}"` : token}`,
      );
    const cookieHeader = fc
      .tuple(
        fc.array(fc.constantFrom("theme=dark", "a=1", "better-auth.session_data=x", "toast=", "_ga=GA1.1.1"), { maxLength: 2 }),
        nameSpelling,
        fc.nat(2),
        fc.constantFrom("; ", ";", " ; ", ";\t"),
      )
      .map(([others, fan, at, separator]) => [...others.slice(0, at), fan, ...others.slice(at)].join(separator));
    const otherHeaders = fc.dictionary(
      fc.constantFrom(
        "x-forwarded-host",
        "x-forwarded-proto",
        "accept-language",
        "user-agent",
        "forwarded",
        "x-original-url",
        "x-rewrite-url",
        "cookie2",
      ),
      fc.constantFrom("evil.example", "https", "fr-FR", "Googlebot/2.1", "for=1.2.3.4;host=evil.example", "/login", session),
      { maxKeys: 3 },
    );

    await withE2eDb(async (db) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PUBLIC_PATHS), cookieHeader, otherHeaders, async (path, cookie, others) => {
          // An empty cache, so the fan's request is the one that renders what is kept.
          await bumpContentVersion(db);
          const poisoned = await raw(path, { ...others, cookie });
          expect(poisoned.status).toBeLessThan(500);
          for (let i = 0; i < 2; i++) {
            const anonymous = await raw(path);
            expect(anonymous.status, path).toBe(200);
            for (const trace of traces) expect(anonymous.body, `${path} after Cookie: ${JSON.stringify(cookie)}`).not.toContain(trace);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  });

  test("a thousand other spellings of addresses neither answer a page of their own nor push the real ones out", async () => {
    // /login kept, then a flood of other spellings of it and of other pages.
    await raw("/login");
    expect((await raw("/login")).headers["x-page-cache"]).toBe("HIT");
    const pages = ["login", "terms", "privacy", "bio", "music", "contact"];
    const spelling = fc
      .tuple(
        fc.constantFrom(...pages),
        fc.constantFrom(
          (page: string, n: number) => `//${n}/${page}`,
          (page: string, n: number) => `/${n}/../${page}`,
          (page: string) => `/./${page}`,
          (page: string) => `/${page.toUpperCase()}`,
          (page: string) => `/${page[0]?.toUpperCase()}${page.slice(1)}`,
          (page: string) => `/${page}/`,
          (page: string) => `/${page}//`,
          (page: string) => `/${page}/.`,
          (page: string, n: number) =>
            `/${[...page].map((c, i) => (i === n % page.length ? `%${c.charCodeAt(0).toString(16)}` : c)).join("")}`,
          (page: string, n: number) => `///${page}?n=${n}`,
          (page: string, n: number) => `//x${n}//..//${page}`,
        ),
        fc.nat({ max: 1_000_000 }),
      )
      .map(([page, spell, n]) => spell(page, n));
    const paths = new Set<string>();
    fc.assert(
      fc.property(spelling, (path) => void paths.add(path)),
      { numRuns: 3_000, seed: SEED },
    );
    const flood = [...paths].slice(0, 1_000);
    expect(flood.length).toBe(1_000);

    for (let i = 0; i < flood.length; i += 20) {
      const answers = await Promise.all(flood.slice(i, i + 20).map((path) => raw(path)));
      answers.forEach((answer, j) => {
        const path = flood[i + j] ?? "";
        // Sent to the one spelling, never answered as a page of its own.
        expect(answer.status, path).toBe(301);
        expect(answer.headers["x-page-cache"], path).toBeUndefined();
        expect(answer.headers.location, path).toBe(`${canonicalPath(pathOf(path))}${path.slice(pathOf(path).length)}`);
      });
    }
    expect((await raw("/login")).headers["x-page-cache"]).toBe("HIT");
    // Following a redirect lands on the page itself.
    const followed = await fetch(`${E2E_URL}/TERMS/`);
    expect(followed.url).toBe(`${E2E_URL}/terms`);
    expect(followed.status).toBe(200);
  });

  test("a redirect to the one spelling never leaves the site", async () => {
    for (const path of ["//evil.example/", "//evil.example/%2e%2e", "/\\evil.example/", "/%5Cevil.example", "/.//evil.example"]) {
      const answer = await raw(path);
      const location = answer.headers.location;
      if (location === undefined) continue;
      expect(location, path).toMatch(/^\/(?![/\\])/);
    }
  });
});

test.describe("a cached page's CSP trusts only the server's own scripts", () => {
  test("a song titled with a script is listed with a CSP that would refuse that script", async ({ page }) => {
    const adminEmail = uniqueEmail("csp-admin");
    await adminCli("create", "--email", adminEmail, "--password", PASSWORD, "--name", "Juniper");
    const admin = await signIn(adminEmail);
    const post = (path: string, body: BodyInit, type?: string) =>
      fetch(`${E2E_URL}${path}`, {
        method: "POST",
        headers: { origin: E2E_URL, cookie: admin, "x-forwarded-for": freshClientIp(), ...(type ? { "content-type": type } : {}) },
        body,
      });
    const upload = async (kind: "audio" | "cover", name: string, bytes: Buffer) => {
      const response = await post(`/api/uploads/${kind}?name=${name}`, new Uint8Array(bytes));
      expect(response.status).toBe(201);
      return ((await response.json()) as { key: string }).key;
    };
    const audioKey = await upload("audio", "take.wav", synthWav({ seconds: 0.2, chords: [[60, 64, 67]], bpm: 120 }));
    const coverKey = await upload("cover", "cover.png", await coverPng("XSS", ["#000", "#f43f5e"], 64));
    const title = "<script>alert(1)</script>";
    const created = await post(
      "/api/songs",
      new URLSearchParams({ intent: "create-song", title, audioKey, coverKey }),
      "application/x-www-form-urlencoded",
    );
    expect(created.status).toBe(200);
    const songId = (await withE2eDb((db) => db.selectFrom("songs").select("id").where("title", "=", title).executeTakeFirstOrThrow())).id;

    try {
      await raw("/music");
      const cached = await raw("/music");
      expect(cached.headers["x-page-cache"]).toBe("HIT");
      expect(cached.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      const scriptSrc =
        String(cached.headers["content-security-policy"] ?? "")
          .split(";")
          .map((directive) => directive.trim())
          .find((directive) => directive.startsWith("script-src "))
          ?.split(" ")
          .slice(1) ?? [];
      const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
      // Had the title slipped through unescaped, the browser would have refused it.
      expect(scriptSrc).not.toContain(hash("alert(1)"));
      // The page's own inline scripts are each allowed, and nothing else is.
      const own = [...cached.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
        .filter((match) => !/\bsrc\s*=/i.test(match[1] ?? ""))
        .map((match) => hash(match[2] ?? ""));
      expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(own)].sort());
      expect(cached.body).not.toContain("nonce=");

      // And in a browser: the page runs, shows the title as text, and nothing is refused.
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      page.on("dialog", (dialog) => {
        violations.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      await page.goto("/music");
      await expect(page.getByText(title).first()).toBeVisible();
      expect(violations).toEqual([]);
    } finally {
      await post("/api/songs", new URLSearchParams({ intent: "delete-song", id: songId }), "application/x-www-form-urlencoded");
    }
  });
});

test.describe("behind a proxy", () => {
  test("a client writing its own first X-Forwarded-For entry still meets the sign-in limit", async () => {
    // The server trusts one proxy (TRUST_PROXY=true), which appends the address it saw: the real client is last.
    const realClient = freshClientIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      const spoofed = `203.0.113.${attempt}`;
      const response = await fetch(`${E2E_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: E2E_URL, "x-forwarded-for": `${spoofed}, ${realClient}` },
        body: JSON.stringify({ email: "nobody-here@example.com", password: "wrong-password-123" }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

test.describe("JSON sign-up tells nobody whether an address has an account", () => {
  test("a taken address and a new one get the same answer, ids aside", async () => {
    const taken = uniqueEmail("taken");
    expect((await signUp(taken, "First Owner")).status).toBe(200);
    const answers = await Promise.all([signUp(taken, "Somebody Else"), signUp(uniqueEmail("new"), "Somebody Else")]);
    const shapes = await Promise.all(
      answers.map(async (response) => {
        const body = (await response.json()) as Record<string, unknown>;
        const user = { ...(body.user as Record<string, unknown>) };
        for (const key of ["id", "email", "createdAt", "updatedAt"]) user[key] = typeof user[key];
        return { status: response.status, cookie: response.headers.has("set-cookie"), body: { ...body, user } };
      }),
    );
    expect(shapes[0]).toEqual(shapes[1]);
    expect(JSON.stringify(shapes[0])).toBe(JSON.stringify(shapes[1]));
  });
});
