// The React Router request handler, bundled by the server build together with
// the app's services so the host can reach both from one module.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider, createRequestHandler as createFetchHandler } from "react-router";
import { appContext, type RequestContext } from "#app/lib/platform/app-context.ts";
import { sweepAbandonedUploads } from "#app/domain/stored-files.server.ts";
import { contentVersionReader } from "./page-cache/version.ts";
import { createRawMediaHandler } from "./media/local-files.ts";
import { createMediaHandler } from "./media/media-handler.ts";
import { createOpenFiles } from "./media/open-files.ts";
import { createMediaGate, withheldListeners, type MediaGate } from "./media/media-gate.ts";
import { keepPersonalAnswersPrivate } from "./private-answers.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { formStartedToken } from "#app/lib/http/form-guard.server.ts";
import { baseSecurityHeaders, createPagePolicy } from "./http-security.ts";
import { createPageCache, STALE_AT_HEADER } from "./page-cache/page-cache.ts";
import { createServices } from "#app/services.server.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { issueSetupToken } from "#app/features/auth/setup-token.server.ts";
import { startMessageNotices } from "#app/features/inbox/message-notice.server.ts";
import { releaseAnnouncement } from "#app/features/mailings/release-announcement.server.ts";
import { startReleaseSchedule } from "#app/features/songs/release-schedule.server.ts";
import { clientAddressReader, expressTrustProxy } from "#app/lib/platform/trusted-proxy.server.ts";
import { trustedOrigins } from "#app/lib/platform/request-origin.server.ts";
import { recordBeacon } from "#app/features/numbers/beacon.server.ts";
import { createBeaconListener } from "./numbers-beacon.ts";

// One set of services per process; in development this module is reloaded on
// every change, so keep them on globalThis instead of opening the database again.
const globalServices = globalThis as { __artistSiteServices?: Promise<Services> };
globalServices.__artistSiteServices ??= createServices(undefined, { sendMail: true, runMediaJobs: true });
export const services = await globalServices.__artistSiteServices;

// Work between requests, done by every process and kept on globalThis for the
// same reason: mail to the artist about new fan messages (the notice's row
// makes it one mail), and scheduled songs coming out at their time (each
// release's own transaction makes it happen once), with their announcement.
type Stoppable = { stop(): Promise<void> };
const background = globalThis as { __artistSiteNotices?: Stoppable; __artistSiteReleases?: Stoppable };
if (services.mail) background.__artistSiteNotices ??= startMessageNotices(services);
background.__artistSiteReleases ??= startReleaseSchedule(services, releaseAnnouncement(services));

/** Stops the work this process does between requests, before its services close. */
export const stopBackgroundWork = async () => {
  (globalThis as { __artistSiteMediaGate?: MediaGate }).__artistSiteMediaGate?.stop();
  await Promise.all([background.__artistSiteNotices?.stop(), background.__artistSiteReleases?.stop()]);
};

/** Uploaded files this process keeps open for every local media request, whichever way it comes in. */
const openMediaFiles = createOpenFiles({ memoryBytes: services.env.mediaMemoryBytes });
const contentVersion = contentVersionReader(services);
/** Audio is fetched only once its song is out (an admin hears it before): issue #30. */
const gates = globalThis as { __artistSiteMediaGate?: MediaGate };
const mediaGate = (gates.__artistSiteMediaGate ??= createMediaGate(services.db, contentVersion.read, services.storage, !services.media));
/** Uploaded audio and covers, under /media/: audio not out yet to an admin, or through a private listening link. */
export const media = createMediaHandler(services.storage, openMediaFiles, {
  gate: mediaGate,
  mayHearWithheld: withheldListeners(services, !services.media),
});

export const app = express();
app.disable("x-powered-by");
// The host calls this app as a plain handler, so it inherits none of the host's
// settings. Behind a proxy, React Router must build request.url from the
// forwarded scheme and host, or its action CSRF check sees an https Origin
// against an http URL and refuses every form with 400.
app.set("trust proxy", expressTrustProxy(services.env.trustProxy));

const build = () => import("virtual:react-router/server-build");
/** Letters and underscores only, so it reads the same in HTML, JSON and React Router's data stream. */
const FORM_STARTED_PLACEHOLDER = "__FORM_STARTED_TOKEN_PLACEHOLDER__";
function loadContext(cspNonce: string, overrides: Partial<RequestContext> = {}) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    services,
    cspNonce,
    formStarted: () => formStartedToken(services.env.authSecret),
    renderedForCache: false,
    markDegraded: () => {},
    changesAt: () => {},
    ...overrides,
  });
  return context;
}

// Anonymous pages are rendered once per content version and served from
// memory (docs/decisions/011-page-cache.md). Not in development, where the code
// changes under the cache.
const development = services.env.nodeEnv === "development";
const renderPage = createFetchHandler(build, development ? "development" : "production");
const security = { publicUrl: services.env.publicUrl, development, mediaUrl: services.env.s3?.publicUrl };
export const pageCache = createPageCache({
  policy: createPagePolicy(security),
  baseHeaders: (path) => baseSecurityHeaders(security, path),
  version: contentVersion.read,
  origin: services.env.publicUrl,
  // Cached pages are sent without a nonce: their CSP allows, by hash, the
  // inline scripts this render marked with `scriptNonce` (and the cache then
  // strips). They carry a placeholder where each response gets its own
  // "form started" time.
  async render(request, scriptNonce, version) {
    let degraded = false;
    let staleAt = Infinity;
    const context = loadContext(scriptNonce, {
      formStarted: () => FORM_STARTED_PLACEHOLDER,
      renderedForCache: true,
      contentVersion: version,
      markDegraded: () => (degraded = true),
      changesAt: (instant) => (staleAt = Math.min(staleAt, instant)),
    });
    const response = await renderPage(request, context);
    // Read to the end first: a deferred query fails while the page streams.
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    if (degraded) headers.set("Cache-Control", "no-store");
    if (Number.isFinite(staleAt)) headers.set(STALE_AT_HEADER, String(staleAt));
    const noBody = [101, 204, 205, 304].includes(response.status);
    return new Response(noBody ? null : body, { status: response.status, statusText: response.statusText, headers });
  },
  perResponse: { placeholder: FORM_STARTED_PLACEHOLDER, value: () => formStartedToken(services.env.authSecret) },
});
/** The host runs this before compression and the router (server/host.ts). */
export const pages = development ? undefined : pageCache.middleware;
/** And these before Express itself, for what they can answer alone (server/index.ts). */
export const serveCachedPage = development ? undefined : pageCache.serveHit;
/** The pages' beacons for the artist's Numbers, counted in memory and written every few seconds (decision 029). */
const siteHost = new URL(services.env.publicUrl).hostname;
export const serveBeacon = createBeaconListener({
  record: (request) => void recordBeacon(services.numbers, siteHost, request),
  origins: trustedOrigins(services.env.publicUrl, services.env.port),
  clientAddress: clientAddressReader(services.env.trustProxy),
  baseHeaders: baseSecurityHeaders(security),
});
export const serveLocalMedia = createRawMediaHandler(services.storage, baseSecurityHeaders(security), openMediaFiles, mediaGate);

// A signed-in visitor's pages (HTML and .data), the dashboard and the account: kept by no cache.
// And a private listening link's page, its data and its downloads: for the one person it was made for.
app.use(keepPersonalAnswersPrivate([dashboardPath, "/account", "/api", "/listen"]));
app.use(
  createRequestHandler({
    build,
    getLoadContext: (_req, res) => loadContext(String(res.locals.cspNonce ?? "")),
  }),
);

// Uploads that never became part of a song are removed after a grace period.
// Every process may sweep; removing twice is harmless.
const sweep = () =>
  sweepAbandonedUploads(services).then(
    (count) => count > 0 && console.log(`Removed ${count} abandoned upload(s)`),
    (error: unknown) => console.error("Sweeping abandoned uploads failed", error),
  );
void sweep();
setInterval(sweep, 60 * 60 * 1000).unref();

/** Lines the host prints once it is listening: the one-time setup link while there is no admin. */
export async function startupMessages(): Promise<string[]> {
  const token = await issueSetupToken(services);
  if (!token) return [];
  return [
    "No admin account exists yet. Open this one-time link to create one (valid 24 hours):",
    `  ${services.env.publicUrl}/setup?token=${token}`,
    "or run: npm run admin -- create --email you@example.com --password '…' --name 'Your Name'",
  ];
}

export async function checkHealth(): Promise<void> {
  await services.db.selectFrom("songs").select("id").limit(1).execute();
}
