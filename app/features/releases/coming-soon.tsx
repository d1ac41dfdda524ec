import { Link } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { RELEASE_KIND_NAME } from "#app/domain/release.ts";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import type { ComingRelease } from "./releases.server.ts";
import { UPCOMING_TEXT } from "./ui-text.ts";

/**
 * The releases coming, soonest first: cover, title and the day, each leading to
 * its countdown, where a fan asks to be told. Nothing of their audio.
 */
export function ComingSoon({ releases, className, headingId }: { releases: ComingRelease[]; className: string; headingId: string }) {
  if (releases.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-6 text-3xl font-semibold">
        {UPCOMING_TEXT.heading}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {releases.map((release) => (
          <li key={release.path}>
            <Link
              to={release.path}
              className="group flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-4 dark:border-stone-800 dark:bg-stone-900"
            >
              <CoverImage
                coverKey={release.coverKey}
                alt=""
                size={192}
                sizes="96px"
                className="aspect-square w-24 shrink-0 rounded-xl object-cover"
              />
              <span className="min-w-0">
                <span className="block text-xs font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">
                  {RELEASE_KIND_NAME[release.kind]} · {UPCOMING_TEXT.heading}
                </span>
                <span className="mt-1 block truncate text-lg font-semibold group-hover:underline">{release.title}</span>
                <span className="mt-0.5 block text-sm text-stone-600 dark:text-stone-400">
                  <time dateTime={isoDate(release.at)}>
                    {UPCOMING_TEXT.comesOut(`${formatDateTime(release.at, release.timeZone)} (${release.timeZone.replaceAll("_", " ")})`)}
                  </time>
                </span>
                <span className="mt-1 block text-sm font-medium text-brand-700 dark:text-brand-300">{UPCOMING_TEXT.notifyLink}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
