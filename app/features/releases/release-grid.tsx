import { Link } from "react-router";
import { CoverImage } from "#app/components/cover-image.tsx";
import { releaseSummary, type ReleaseCard } from "#app/domain/release.ts";

/** The catalogue as releases: cover, title and "EP · 2024 · 4 tracks", each leading to its page. */
export function ReleaseGrid({ releases }: { releases: ReleaseCard[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {releases.map((release) => (
        <li key={release.path}>
          <Link to={release.path} className="group block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4">
            <CoverImage
              coverKey={release.coverKey}
              alt=""
              size={384}
              sizes="(min-width: 1024px) 264px, (min-width: 640px) 30vw, 45vw"
              className="aspect-square w-full rounded-2xl object-cover shadow-md shadow-stone-900/10 transition group-hover:shadow-lg dark:shadow-black/40"
            />
            <span className="mt-3 block text-lg font-semibold leading-snug group-hover:underline">{release.title}</span>
            <span className="mt-1 block text-sm text-stone-600 dark:text-stone-400">
              {releaseSummary(release, release.year, release.trackCount)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
