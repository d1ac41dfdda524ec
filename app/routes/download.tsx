import { useEffect } from "react";
import { data, isRouteErrorResponse, useLoaderData, useRevalidator } from "react-router";
import type { Route } from "./+types/download";
import { ErrorPage } from "#app/components/error-page.tsx";
import { HomeLink, MessageCard } from "#app/components/message-card.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { openGrant } from "#app/features/downloads/grants.server.ts";
import { grantPage } from "#app/features/downloads/grant-page.server.ts";
import { fileSize } from "#app/features/downloads/download-views.ts";
import { FORMAT_NAMES } from "#app/features/downloads/offer.ts";
import { GRANT_PAGE_TEXT } from "#app/features/downloads/ui-text.ts";
import { isTokenShaped } from "#app/lib/auth/bearer-secrets.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { coverVariantKey, mediaUrl } from "#app/domain/song.ts";
import { releasePath } from "#app/domain/public-paths.ts";

/** For the fan it was made for: kept by no cache, shown to no search engine, its address (the token) sent to no other site. */
const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** How often a page waiting for its files looks again. */
const LOOK_AGAIN_MS = 5_000;

/**
 * GET /download/{token}: a grant's download page (decision 028): the release's
 * zip in each format offered, each through an address signed for an hour. An
 * unknown token is a 404; a grant that ended or ran out, a polite 410 pointing
 * back to the release; an e-mail grant whose address is not confirmed yet says so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const opened = isTokenShaped(params.token) ? await openGrant(services.db, params.token) : ({ state: "missing" } as const);
  if (opened.state === "missing") throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  if (opened.state === "gone") {
    const release = await services.db
      .selectFrom("releases")
      .select(["title", "slug"])
      .where("id", "=", opened.grant.releaseId)
      .executeTakeFirst();
    throw data(
      { release: release ? { title: release.title, path: releasePath(release.slug) } : null },
      { status: 410, headers: PRIVATE_HEADERS },
    );
  }
  if (opened.state === "waiting") return data({ state: "waiting" as const }, { headers: PRIVATE_HEADERS });
  const page = await grantPage(services.db, services.env.authSecret, params.token, opened.grant);
  if (!page) return data({ state: "not-out" as const }, { headers: PRIVATE_HEADERS });
  return data({ state: "live" as const, ...page }, { headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.state === "live" ? GRANT_PAGE_TEXT.title(loaderData.release.title) : "Download" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Download() {
  const page = useLoaderData<typeof loader>();
  const zone = useVisitorTimeZone();
  const revalidator = useRevalidator();
  const waitingForFiles = page.state === "live" && page.files.some((file) => file.state === "preparing");
  // Files still being made: look again until they are, so the fan need not reload.
  useEffect(() => {
    if (!waitingForFiles) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, LOOK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [waitingForFiles, revalidator]);
  if (page.state === "waiting") {
    return (
      <MessageCard title={GRANT_PAGE_TEXT.waitingTitle}>
        <p className="mt-4 text-stone-600 dark:text-stone-400">{GRANT_PAGE_TEXT.waiting}</p>
        <HomeLink />
      </MessageCard>
    );
  }
  if (page.state === "not-out") {
    return (
      <MessageCard title={GRANT_PAGE_TEXT.notOutTitle}>
        <p className="mt-4 text-stone-600 dark:text-stone-400">{GRANT_PAGE_TEXT.notOut}</p>
        <HomeLink />
      </MessageCard>
    );
  }
  const { release, files, expiresAt } = page;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
        {release.coverKey ? (
          <img
            src={mediaUrl(coverVariantKey(release.coverKey, 384, "webp"))}
            alt=""
            width={192}
            height={192}
            className="size-40 shrink-0 rounded-2xl object-cover shadow-md sm:size-48"
          />
        ) : null}
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Download</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">{release.title}</h1>
          <p className="mt-1 text-lg text-stone-600 dark:text-stone-400">{release.artist}</p>
        </div>
      </div>
      <p className="mt-8 text-stone-700 dark:text-stone-300">{GRANT_PAGE_TEXT.intro(release.artist)}</p>
      {files.length === 0 ? <p className="mt-6 rounded-xl bg-stone-100 px-4 py-3 dark:bg-stone-800">{GRANT_PAGE_TEXT.noFiles}</p> : null}
      <ul className="mt-6 space-y-3" aria-live="polite">
        {files.map((file) => {
          const name = FORMAT_NAMES[file.format];
          return (
            <li key={file.format}>
              {file.state === "ready" ? (
                <a href={file.path} download className={`${buttonClass("primary")} w-full justify-between sm:w-auto`}>
                  {GRANT_PAGE_TEXT.button(name.label, fileSize(file.bytes))}
                </a>
              ) : (
                <p className="rounded-xl bg-stone-100 px-4 py-3 text-stone-700 dark:bg-stone-800 dark:text-stone-300">
                  {file.percent !== undefined
                    ? GRANT_PAGE_TEXT.preparingPercent(name.label, file.percent)
                    : GRANT_PAGE_TEXT.preparing(name.label)}
                </p>
              )}
              <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{name.detail}</p>
            </li>
          );
        })}
      </ul>
      {waitingForFiles ? <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{GRANT_PAGE_TEXT.preparingNote}</p> : null}
      <div className="mt-10 space-y-1 border-t border-stone-200 pt-6 text-sm text-stone-600 dark:border-stone-800 dark:text-stone-400">
        <p>{GRANT_PAGE_TEXT.until(formatDateTime(expiresAt, zone))}</p>
        <p>{GRANT_PAGE_TEXT.resume}</p>
      </div>
      <a href={release.path} className={`${buttonClass("secondary")} mt-8`}>
        {GRANT_PAGE_TEXT.backToRelease(release.title)}
      </a>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gone = isRouteErrorResponse(error) && error.status === 410;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!gone && !notFound) console.error(error);
  const release = gone ? (error.data as { release: { title: string; path: string } | null } | null)?.release : null;
  return (
    <>
      <title>{gone ? GRANT_PAGE_TEXT.goneTitle : notFound ? "Page Not Found" : "Something went wrong"}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ErrorPage
        code={gone ? undefined : notFound ? "404" : undefined}
        title={gone ? GRANT_PAGE_TEXT.goneTitle : notFound ? "Page Not Found" : "Something went wrong"}
        message={
          gone
            ? GRANT_PAGE_TEXT.goneText
            : notFound
              ? "The page you are looking for does not exist or has moved."
              : "An unexpected error occurred. Please try again in a moment."
        }
      />
      {release ? (
        <p className="-mt-16 mb-16 text-center">
          <a href={release.path} className={buttonClass("primary")}>
            {GRANT_PAGE_TEXT.backToRelease(release.title)}
          </a>
        </p>
      ) : null}
    </>
  );
}
