import { Link } from "react-router";

const crumb = "text-brand-700 hover:underline dark:text-brand-300";

/** The way back from a release's or a track's page: to all music, and from a track of a longer release to that release. */
export function MusicBreadcrumb({ release }: { release?: { title: string; path: string } | null }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <Link to="/music" className={crumb}>
        ← All music
      </Link>
      {release ? (
        <>
          <span aria-hidden="true" className="mx-2 text-stone-400">
            /
          </span>
          <Link to={release.path} className={crumb}>
            {release.title}
          </Link>
        </>
      ) : null}
    </nav>
  );
}
