// The authorisation matrix: every route in app/routes.ts, each of its loader
// (GET) and action (POST, and DELETE where it takes one), asked by an anonymous visitor, a signed-in fan and
// the admin, with the status each must get. The rows are checked against the
// route list and against what each route module exports, so a new route, or a
// new action on an old one, without a row here fails this test. Every
// state-changing request is asked once more from another site (CSRF).
import { readFileSync } from "node:fs";
import path from "node:path";
import routes from "#app/routes.ts";
import { DASHBOARD_PATH } from "./support/browser.ts";
import { adminCli, uniqueEmail } from "./support/cli.ts";
import { expect, test, type APIRequestContext } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";

type Role = "anonymous" | "fan" | "admin";
/** The status for each role, or one status for all. */
type Expected = number | Record<Role, number>;
type Call = { method: "GET" | "POST" | "DELETE"; path: string; form?: Record<string, string>; json?: unknown; expect: Expected };

const adminOnly = (adminStatus: number): Record<Role, number> => ({ anonymous: 401, fan: 403, admin: adminStatus });
const adminPage = (adminStatus: number): Record<Role, number> => ({ anonymous: 302, fan: 302, admin: adminStatus });

/** Keyed by route file. POST rows are the route's action; GET rows its loader. */
const MATRIX: Record<string, Call[]> = {
  "routes/home.tsx": [{ method: "GET", path: "/", expect: 200 }],
  "routes/bio.tsx": [{ method: "GET", path: "/bio", expect: 200 }],
  "routes/music.tsx": [{ method: "GET", path: "/music", expect: 200 }],
  "routes/music-release.tsx": [
    { method: "GET", path: "/music/no-such-release", expect: 404 },
    // Its download forms (decision 028): no release, no grant, for anyone.
    { method: "POST", path: "/music/no-such-release", form: { intent: "download-free" }, expect: 404 },
  ],
  "routes/music-track.tsx": [{ method: "GET", path: "/music/no-such-release/no-such-track", expect: 404 }],
  "routes/shows.tsx": [{ method: "GET", path: "/shows", expect: 200 }],
  "routes/shows-ics.ts": [{ method: "GET", path: "/shows.ics", expect: 200 }],
  // The press kit is empty on this site (press.spec.ts leaves it so): no page for visitors, and the
  // admin is shown where to write it; its downloads answer nothing while it is empty, nor for a guess.
  "routes/press.tsx": [{ method: "GET", path: "/press", expect: { anonymous: 404, fan: 404, admin: 200 } }],
  "routes/press-photos-zip.ts": [{ method: "GET", path: "/press/photos.zip", expect: 404 }],
  "routes/press-photo.ts": [{ method: "GET", path: "/press/photos/no-such-photo.jpg", expect: 404 }],
  "routes/press-file.ts": [{ method: "GET", path: "/press/files/no-such-file/rider.pdf", expect: 404 }],
  "routes/press-social-image.ts": [{ method: "GET", path: "/press/social-image.png", expect: 200 }],
  "routes/contact.tsx": [
    { method: "GET", path: "/contact", expect: 200 },
    // Public; without the signed start time it is treated as a bot: told "sent", held for review.
    { method: "POST", path: "/contact", form: { message: "authorisation matrix" }, expect: 200 },
  ],
  "routes/newsletter.tsx": [
    // Only a form's answer page: opened directly it goes home.
    { method: "GET", path: "/newsletter", expect: 302 },
    { method: "POST", path: "/newsletter", form: { email: "matrix@example.com" }, expect: 200 },
  ],
  "routes/newsletter-confirm.tsx": [
    // A forged confirmation link: refused, and nobody is subscribed (checked by the bad-input spec).
    { method: "GET", path: "/newsletter/confirm?email=matrix@example.com&t=1&token=forged", expect: 400 },
    { method: "POST", path: "/newsletter/confirm", form: { email: "matrix@example.com", t: "1", token: "forged" }, expect: 400 },
  ],
  "routes/unsubscribe.tsx": [
    { method: "GET", path: "/unsubscribe", expect: 400 },
    { method: "POST", path: "/unsubscribe", form: { email: "matrix@example.com", token: "forged" }, expect: 400 },
  ],
  // A download code is for whoever holds it, signed in or not; one that is not ours is said to be so (and counts against the client's ten a minute).
  "routes/redeem.tsx": [
    { method: "GET", path: "/redeem", expect: 200 },
    { method: "GET", path: "/redeem?code=ZZZZZ-ZZZZZ", expect: 200 },
    { method: "POST", path: "/redeem", form: { code: "ZZZZZ-ZZZZZ" }, expect: 404 },
  ],
  "routes/privacy.tsx": [{ method: "GET", path: "/privacy", expect: 200 }],
  "routes/terms.tsx": [{ method: "GET", path: "/terms", expect: 200 }],
  "routes/login.tsx": [
    // Signed in, the page offers to sign out.
    { method: "GET", path: "/login", expect: 200 },
    {
      method: "POST",
      path: "/login",
      form: { intent: "sign-in", email: "nobody@example.com", password: "wrong-password-1" },
      expect: { anonymous: 400, fan: 400, admin: 400 },
    },
  ],
  "routes/login-forgot.tsx": [
    { method: "GET", path: "/login/forgot", expect: 200 },
    // This server has no mail: asking is refused with a message, for everyone alike.
    { method: "POST", path: "/login/forgot", form: { email: "nobody@example.com" }, expect: 409 },
  ],
  "routes/login-reset.tsx": [
    { method: "GET", path: "/login/reset?token=forged", expect: 200 },
    // A forged token changes no password.
    {
      method: "POST",
      path: "/login/reset",
      form: { token: "forged", password: "tangerine-lighthouse-9", again: "tangerine-lighthouse-9" },
      expect: 400,
    },
  ],
  "routes/logout.ts": [
    { method: "GET", path: "/logout", expect: 302 },
    { method: "POST", path: "/logout", expect: 302 },
  ],
  "routes/setup.tsx": [
    // A forged link: the page says the link is not valid, and posting it creates nobody (checked below).
    { method: "GET", path: "/setup?token=forged", expect: 200 },
    {
      method: "POST",
      path: "/setup?token=forged",
      form: { name: "Mallory", email: "mallory@example.com", password: "correct-horse-battery" },
      expect: 400,
    },
  ],
  "routes/invite.tsx": [
    // A forged invite: the page says it does not work, and posting it makes nobody an admin.
    { method: "GET", path: "/invite?token=forged", expect: 200 },
    {
      method: "POST",
      path: "/invite",
      form: { token: "forged", name: "Mallory", password: "correct-horse-battery" },
      expect: 410,
    },
  ],
  "routes/account.tsx": [
    { method: "GET", path: "/account", expect: { anonymous: 302, fan: 200, admin: 200 } },
    // Leaving the list changes only the signed-in person's own address; without a session, off to sign in.
    { method: "POST", path: "/account", form: { intent: "leave-list" }, expect: { anonymous: 302, fan: 200, admin: 200 } },
  ],
  "routes/account-email.tsx": [
    { method: "GET", path: "/account/email?token=forged", expect: 410 },
    { method: "POST", path: "/account/email", form: { token: "forged" }, expect: 410 },
  ],
  "routes/api.admins.ts": [
    { method: "GET", path: "/api/admins", expect: 405 },
    { method: "POST", path: "/api/admins", form: { intent: "revoke-invite", id: "no-such-invite" }, expect: adminOnly(404) },
  ],
  "routes/dashboard.tsx": [{ method: "GET", path: DASHBOARD_PATH, expect: adminPage(200) }],
  "routes/dashboard.site.tsx": [{ method: "GET", path: `${DASHBOARD_PATH}/site`, expect: adminPage(200) }],
  "routes/api.site.ts": [
    { method: "GET", path: "/api/site", expect: 405 },
    // A part of the site that does not exist: refused, nothing saved.
    { method: "POST", path: "/api/site", form: { intent: "save", section: "nowhere", revision: "0" }, expect: adminOnly(400) },
  ],
  "routes/dashboard.account.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/account`, expect: adminPage(200) },
    // An empty name: the admin is told to enter one, and nothing changes for anyone. The action
    // refuses anyone else (401/403, as the page's fetchers receive it); posted as a whole page,
    // the page's loader then sends them home like the GET does.
    { method: "POST", path: `${DASHBOARD_PATH}/account`, form: { intent: "name", name: "" }, expect: adminPage(400) },
  ],
  "routes/dashboard.releases.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/music`, expect: adminPage(200) },
    // A release without a title: the admin is told to give one; nothing is made for anyone.
    { method: "POST", path: `${DASHBOARD_PATH}/music`, form: { intent: "create", title: "", kind: "ep" }, expect: adminPage(400) },
  ],
  "routes/dashboard.release.tsx": [
    // No release has this id: not found, for the admin; anyone else is sent to sign in first.
    { method: "GET", path: `${DASHBOARD_PATH}/music/no-such-release`, expect: adminPage(404) },
    // Moving a track that does not exist: refused for the admin, nothing changes for anyone.
    {
      method: "POST",
      path: `${DASHBOARD_PATH}/music/no-such-release`,
      form: { intent: "move", songId: "no-such-song", direction: "up" },
      expect: adminPage(404),
    },
    // Trying a download file again for a release that does not exist: nothing is made for anyone.
    {
      method: "POST",
      path: `${DASHBOARD_PATH}/music/no-such-release`,
      form: { intent: "downloads-retry", format: "mp3-320" },
      expect: adminPage(404),
    },
  ],
  "routes/dashboard.shows.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/shows`, expect: adminPage(200) },
    // A show without a venue or a time: the admin is told what is missing; nothing is stored for anyone.
    { method: "POST", path: `${DASHBOARD_PATH}/shows`, form: { intent: "add", venue: "" }, expect: adminPage(400) },
  ],
  "routes/dashboard.mail.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/mail`, expect: adminPage(200) },
    // A mailing without a subject: the admin is told to give one; nothing is saved or sent for anyone.
    { method: "POST", path: `${DASHBOARD_PATH}/mail`, form: { intent: "save", subject: "", body: "x" }, expect: adminPage(400) },
  ],
  "routes/dashboard.codes.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/codes`, expect: adminPage(200) },
    // A batch for no release: the admin is told to choose one; no code is made for anyone.
    {
      method: "POST",
      path: `${DASHBOARD_PATH}/codes`,
      form: { intent: "make", releaseId: "", count: "5", uses: "1" },
      expect: adminPage(400),
    },
    // Ending a batch that does not exist: refused for the admin, nothing changes for anyone.
    { method: "POST", path: `${DASHBOARD_PATH}/codes`, form: { intent: "end", batchId: "no-such-batch" }, expect: adminPage(404) },
  ],
  "routes/dashboard.numbers.tsx": [
    { method: "GET", path: `${DASHBOARD_PATH}/numbers`, expect: adminPage(200) },
    // A span it does not offer: the default span, for the admin.
    { method: "GET", path: `${DASHBOARD_PATH}/numbers?days=9999`, expect: adminPage(200) },
  ],
  // The numbers as a file: for admins only, told as an API tells it (never the page's sign-in redirect to a download).
  "routes/dashboard.numbers-csv.ts": [{ method: "GET", path: `${DASHBOARD_PATH}/numbers.csv?days=365`, expect: adminOnly(200) }],
  "routes/api.auth.ts": [
    { method: "GET", path: "/api/auth/get-session", expect: 200 },
    // The admin plugin's endpoints answer admins only.
    { method: "GET", path: "/api/auth/admin/list-users", expect: { anonymous: 401, fan: 403, admin: 200 } },
    {
      method: "POST",
      path: "/api/auth/admin/set-role",
      json: { userId: "nobody", role: "admin" },
      expect: { anonymous: 401, fan: 403, admin: 404 },
    },
  ],
  "routes/api.messages.ts": [
    { method: "GET", path: "/api/messages", expect: adminOnly(200) },
    { method: "POST", path: "/api/messages", form: { intent: "mark-read", id: "no-such-message" }, expect: adminOnly(404) },
  ],
  "routes/api.filtered.ts": [
    { method: "GET", path: "/api/filtered", expect: adminOnly(200) },
    { method: "POST", path: "/api/filtered", form: { intent: "release", id: "no-such-submission" }, expect: adminOnly(404) },
  ],
  "routes/api.songs.ts": [
    { method: "GET", path: "/api/songs", expect: adminOnly(200) },
    { method: "POST", path: "/api/songs", form: { intent: "delete-song", id: "no-such-song" }, expect: adminOnly(404) },
    // Editing a song that is not there: 404, and nothing is created.
    {
      method: "POST",
      path: "/api/songs",
      form: { intent: "update-song", id: "no-such-song", expectedUpdatedAt: "1", title: "Matrix" },
      expect: adminOnly(404),
    },
  ],
  "routes/api.subscribers.ts": [
    { method: "GET", path: "/api/subscribers", expect: adminOnly(200) },
    { method: "POST", path: "/api/subscribers", form: { intent: "remove", id: "no-such-subscriber" }, expect: adminOnly(404) },
  ],
  "routes/api.subscribers-import.ts": [
    { method: "GET", path: "/api/subscribers/import", expect: 405 },
    // An empty file: the admin is told; nobody is added for anyone.
    { method: "POST", path: "/api/subscribers/import", form: {}, expect: adminOnly(400) },
  ],
  "routes/api.subscribers-csv.ts": [{ method: "GET", path: "/api/subscribers.csv", expect: adminOnly(200) }],
  "routes/api.uploads.ts": [
    // Uploads are POSTs; a GET tells nobody anything.
    { method: "GET", path: "/api/uploads/audio", expect: 405 },
    { method: "POST", path: "/api/uploads/audio?name=empty.wav", expect: adminOnly(400) },
    // The wizard's Cancel gives back an unclaimed upload; a key that is not pending discards nothing.
    { method: "DELETE", path: "/api/uploads/audio?key=music/no-such-upload.wav", expect: adminOnly(200) },
    // A photo without its description is refused before a byte of it is stored.
    { method: "POST", path: "/api/uploads/photo?slot=hero&name=empty.jpg", expect: adminOnly(400) },
    // A press kit file without its title is refused before a byte of it is stored.
    { method: "POST", path: "/api/uploads/press?name=empty.pdf", expect: adminOnly(400) },
  ],
  "routes/api.press-files.ts": [
    { method: "GET", path: "/api/press-files", expect: adminOnly(200) },
    { method: "POST", path: "/api/press-files", form: { intent: "remove", id: "no-such-file" }, expect: adminOnly(404) },
  ],
  "routes/api.photos.ts": [
    { method: "GET", path: "/api/photos", expect: adminOnly(200) },
    { method: "POST", path: "/api/photos", form: { intent: "remove", id: "no-such-photo" }, expect: adminOnly(404) },
  ],
  "routes/social-image.ts": [{ method: "GET", path: "/social-image.png", expect: 200 }],
  "routes/social-marks.ts": [{ method: "GET", path: "/social-marks.svg", expect: 200 }],
  // For other sites and apps: the same for everyone, signed in or not.
  "routes/embed.tsx": [
    { method: "GET", path: "/embed/no-such-song", expect: 404 },
    // With a query: rendered for the visitor, not from the page cache; still nothing to show.
    { method: "GET", path: "/embed/no-such-song?theme=dark", expect: 404 },
  ],
  "routes/embed-release.tsx": [{ method: "GET", path: "/embed/release/no-such-release", expect: 404 }],
  "routes/oembed.ts": [
    { method: "GET", path: "/oembed?url=http%3A%2F%2Fevil.example%2Fmusic%2Fx&format=json", expect: 404 },
    { method: "GET", path: "/oembed", expect: 400 },
  ],
  // A private listening link is for whoever holds its token, signed in or not; a token no link has is a missing page.
  "routes/listen.tsx": [
    { method: "GET", path: `/listen/${"0".repeat(40)}`, expect: 404 },
    { method: "GET", path: "/listen/not-a-token", expect: 404 },
  ],
  "routes/listen-beacon.ts": [{ method: "POST", path: `/listen/${"0".repeat(40)}/beacon`, form: { intent: "visit" }, expect: 404 }],
  "routes/listen-download.ts": [{ method: "GET", path: `/listen/${"0".repeat(40)}/download/no-such-song`, expect: 404 }],
  // A download page is for whoever holds its grant's token, signed in or not; a token no grant has is a missing page.
  "routes/download.tsx": [
    { method: "GET", path: `/download/${"0".repeat(40)}`, expect: 404 },
    { method: "GET", path: "/download/not-a-token", expect: 404 },
  ],
  "routes/download-file.ts": [{ method: "GET", path: `/download/${"0".repeat(40)}/flac.zip?until=1&sig=forged`, expect: 404 }],
  // A mailing's link is for whoever holds the mail, signed in or not; an id no mailing has is a missing page.
  "routes/go.ts": [
    { method: "GET", path: `/go/${"a".repeat(16)}`, expect: 404 },
    { method: "GET", path: "/go/not-a-link", expect: 404 },
  ],
  "routes/feed-xml.ts": [{ method: "GET", path: "/feed.xml", expect: 200 }],
  "routes/sitemap-xml.ts": [{ method: "GET", path: "/sitemap.xml", expect: 200 }],
  "routes/robots-txt.ts": [{ method: "GET", path: "/robots.txt", expect: 200 }],
  "routes/not-found.tsx": [{ method: "GET", path: "/no-such-page", expect: 404 }],
};

type RouteEntry = { file: string; children?: RouteEntry[] };
const routeFiles = (entries: RouteEntry[]): string[] => entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);

test.describe("authorisation matrix", () => {
  test("every route has a row, and every loader and action of it a request", () => {
    const files = routeFiles(routes as RouteEntry[]);
    expect(Object.keys(MATRIX).sort(), "rows in MATRIX for exactly the routes in app/routes.ts").toEqual([...files].sort());
    for (const file of files) {
      const source = readFileSync(path.join("app", file), "utf8");
      const rows = MATRIX[file] ?? [];
      if (/export (async )?function loader|export const loader/.test(source))
        expect(
          rows.some((row) => row.method === "GET"),
          `${file} loader`,
        ).toBe(true);
      if (/export (async )?function action|export const action/.test(source))
        expect(
          rows.some((row) => row.method === "POST"),
          `${file} action`,
        ).toBe(true);
    }
  });

  test("each role gets exactly what it may, and no other site may change anything", async ({ playwright }) => {
    test.setTimeout(120_000);
    const password = "correct-horse-battery";
    const clients: Record<Role, APIRequestContext> = {
      anonymous: await playwright.request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { "x-forwarded-for": "10.77.0.1" } }),
      fan: await playwright.request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { "x-forwarded-for": "10.77.0.2" } }),
      admin: await playwright.request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { "x-forwarded-for": "10.77.0.3" } }),
    };
    const fanEmail = uniqueEmail("matrix-fan");
    expect(
      (
        await clients.fan.post("/api/auth/sign-up/email", {
          data: { name: "Fan", email: fanEmail, password },
          headers: { origin: E2E_URL },
        })
      ).status(),
    ).toBe(200);
    // Sign-up never signs in (it answers alike for taken addresses): the fan signs in next.
    expect(
      (await clients.fan.post("/api/auth/sign-in/email", { data: { email: fanEmail, password }, headers: { origin: E2E_URL } })).status(),
    ).toBe(200);
    const adminEmail = uniqueEmail("matrix-admin");
    await adminCli("create", "--email", adminEmail, "--password", password, "--name", "Juniper");
    expect(
      (
        await clients.admin.post("/api/auth/sign-in/email", { data: { email: adminEmail, password }, headers: { origin: E2E_URL } })
      ).status(),
    ).toBe(200);

    const failures: string[] = [];
    const send = (client: APIRequestContext, call: Call, origin: string) =>
      call.method === "GET"
        ? client.get(call.path, { maxRedirects: 0 })
        : call.method === "DELETE"
          ? client.delete(call.path, { maxRedirects: 0, headers: { origin } })
          : client.post(call.path, {
              maxRedirects: 0,
              headers: { origin },
              ...(call.json !== undefined ? { data: call.json } : { form: call.form ?? {} }),
            });
    // Logout last: it ends the fan's and the admin's sessions.
    const ordered = Object.entries(MATRIX).sort(([a], [b]) => Number(a === "routes/logout.ts") - Number(b === "routes/logout.ts"));
    for (const [file, calls] of ordered) {
      for (const call of calls) {
        for (const role of ["anonymous", "fan", "admin"] as const) {
          const expected = typeof call.expect === "number" ? call.expect : call.expect[role];
          const status = (await send(clients[role], call, E2E_URL)).status();
          if (status !== expected) failures.push(`${file} ${call.method} ${call.path} as ${role}: ${status}, expected ${expected}`);
        }
        // Cross-site: refused before any route runs, even for the signed-in admin.
        if (call.method !== "GET") {
          const status = (await send(clients.admin, call, "https://evil.example")).status();
          if (status !== 403) failures.push(`${file} ${call.method} ${call.path} from another site: ${status}, expected 403`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Nobody became an admin through the forged setup link.
    expect(await adminCli("list")).not.toContain("mallory@example.com");
    await Promise.all(Object.values(clients).map((client) => client.dispose()));
  });
});
