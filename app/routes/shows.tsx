import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/shows";
import { buttonClass } from "#app/components/ui/button.tsx";
import { musicEvent } from "#app/features/shows/json-ld.ts";
import { PastShows, UpcomingShows } from "#app/features/shows/show-list.tsx";
import { showsForPage } from "#app/features/shows/shows.server.ts";
import { SHOWS_PAGE_TEXT } from "#app/features/shows/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { absoluteUrl, DEFAULT_SOCIAL_IMAGE_PATH, pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [shows, settings] = await Promise.all([showsForPage(context), siteSettingsOf(context)]);
  const feed = absoluteUrl(servicesOf(context).env.publicUrl, "/shows.ics");
  // webcal: opens the calendar app's "subscribe" instead of downloading a file once.
  return { artistName: settings.artist.name, ...shows, calendar: { feed, subscribe: feed.replace(/^https?:/, "webcal:") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  const image = absoluteUrl(site.origin, site.socialImagePath ?? DEFAULT_SOCIAL_IMAGE_PATH);
  return pageMeta(site, {
    title: SHOWS_PAGE_TEXT.metaTitle,
    description: SHOWS_PAGE_TEXT.metaDescription(site.artistName),
    path: "/shows",
    extra: [
      {
        tagName: "link",
        rel: "alternate",
        type: "text/calendar",
        title: SHOWS_PAGE_TEXT.calendarTitle(site.artistName),
        href: absoluteUrl(site.origin, "/shows.ics"),
      },
      ...(loaderData?.upcoming ?? []).map((show) => ({
        "script:ld+json": musicEvent(show, { artistName: site.artistName, origin: site.origin, image }),
      })),
    ],
  });
};

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export default function Shows() {
  const { artistName, upcoming, past, failed, calendar } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 pt-16 pb-10 sm:px-6 sm:pt-20">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">{SHOWS_PAGE_TEXT.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{SHOWS_PAGE_TEXT.title(artistName)}</h1>
        <p className="mt-4 max-w-2xl text-lg text-stone-600 dark:text-stone-400">{SHOWS_PAGE_TEXT.intro}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
          <a href={calendar.subscribe} className={buttonClass("secondary")} aria-describedby="calendar-hint">
            <CalendarIcon />
            {SHOWS_PAGE_TEXT.subscribe}
          </a>
          <a
            href={calendar.feed}
            download="shows.ics"
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {SHOWS_PAGE_TEXT.download}
          </a>
        </div>
        <p id="calendar-hint" className="mt-3 text-sm text-stone-500 dark:text-stone-400">
          {SHOWS_PAGE_TEXT.subscribeHint}
        </p>
      </section>

      <section aria-labelledby="upcoming-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="upcoming-heading" className="mb-6 text-3xl font-semibold">
          {SHOWS_PAGE_TEXT.upcomingHeading}
        </h2>
        {failed ? (
          <p
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
          >
            {SHOWS_PAGE_TEXT.loadFailed}
          </p>
        ) : upcoming.length > 0 ? (
          <UpcomingShows shows={upcoming} />
        ) : (
          <div className="max-w-4xl rounded-3xl border border-dashed border-stone-300 px-6 py-12 text-center sm:px-12 dark:border-stone-700">
            <p className="font-display text-2xl font-semibold">{SHOWS_PAGE_TEXT.emptyTitle}</p>
            <p className="mx-auto mt-3 max-w-xl text-stone-600 dark:text-stone-400">{SHOWS_PAGE_TEXT.emptyText}</p>
            <Link
              to="/contact"
              className="mt-6 inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {SHOWS_PAGE_TEXT.booking}
            </Link>
          </div>
        )}
      </section>

      {past.length > 0 ? (
        <section aria-labelledby="past-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
          <h2 id="past-heading" className="mb-4 text-2xl font-semibold">
            {SHOWS_PAGE_TEXT.pastHeading}
          </h2>
          <PastShows shows={past} />
        </section>
      ) : null}
      <div className="pb-16" />
    </>
  );
}
