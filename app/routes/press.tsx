import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/press";
import { buttonClass } from "#app/components/ui/button.tsx";
import { SongsPlayer } from "#app/features/player/music-player.tsx";
import { listPhotos } from "#app/features/photos/photos.server.ts";
import { PressBios } from "#app/features/press/press-bios.tsx";
import { PressContacts } from "#app/features/press/press-contacts.tsx";
import { PressFilesList } from "#app/features/press/press-files-list.tsx";
import { kitHasContent } from "#app/features/press/press-kit.server.ts";
import { pressKitOwnData } from "#app/features/press/press-page-data.server.ts";
import { PRESS_PATH } from "#app/features/press/press-paths.ts";
import { PressPhotos, type PressPhoto } from "#app/features/press/press-photos.tsx";
import { PressQuotes } from "#app/features/press/press-quotes.tsx";
import { PressSection, type PressPart } from "#app/features/press/press-section.tsx";
import { PRESS_PAGE_TEXT } from "#app/features/press/ui-text.ts";
import { UpcomingShows } from "#app/features/shows/show-list.tsx";
import { ShowLines } from "#app/features/shows/show-lines.tsx";
import { showsForPage } from "#app/features/shows/shows.server.ts";
import { getRelease } from "#app/features/songs/songs.server.ts";
import { isAdmin } from "#app/lib/auth/profile.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { absoluteUrl, pageMeta, siteMetaFrom, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from "#app/lib/document/meta.ts";
import { appContext, servicesOf } from "#app/lib/platform/app-context.ts";
import { publicPhoto } from "#app/domain/photo.ts";
import { releaseSummary, releaseYear } from "#app/domain/release.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/** Upcoming shows the kit lists; the rest are a link away on /shows. */
const SHOWS_IN_KIT = 6;

/** The press photos with their captions and credits; a failure leaves them out (logged, and the page not kept). */
async function pressPhotos(context: Route.LoaderArgs["context"]): Promise<PressPhoto[]> {
  const { services, markDegraded } = context.get(appContext);
  try {
    return (await listPhotos(services)).press.map((photo) => ({
      ...publicPhoto(photo),
      id: photo.id,
      caption: photo.caption,
      credit: photo.credit,
    }));
  } catch (error) {
    console.error("Loading the press photos failed", error);
    markDegraded();
    return [];
  }
}

/**
 * /press, the press kit: the artist's bios, press photos, quotes, music,
 * upcoming shows, contacts and files. Not there (404) until the artist has put
 * something in it; an admin then sees where to write it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { artist, press } = await siteSettingsOf(context);
  const own = await pressKitOwnData(context, press);
  if (!kitHasContent(press, own.files.length > 0)) {
    if (!isAdmin(await getProfile(services, request))) throw data(null, { status: 404 });
    return { kind: "empty" as const, editPath: `${dashboardPath}/site#section-press`, socialImagePath: own.socialImagePath };
  }
  const [photos, shows, releases] = await Promise.all([
    pressPhotos(context),
    showsForPage(context),
    Promise.all(own.releaseIds.map((id) => getRelease(services, { id }))),
  ]);
  const music = releases.flatMap((release) => {
    const tracks = release?.tracks.filter((track) => track.released) ?? [];
    if (!release || tracks.length === 0) return [];
    return [
      {
        id: release.id,
        title: release.title,
        path: release.path,
        summary: releaseSummary(release, releaseYear(release), tracks.length),
        tracks,
      },
    ];
  });
  return {
    kind: "kit" as const,
    artist: { name: artist.name, tagline: artist.tagline, genres: artist.genres },
    origin: services.env.publicUrl,
    words: press,
    photos,
    shows: shows.upcoming.slice(0, SHOWS_IN_KIT),
    music,
    files: own.files,
    socialImagePath: own.socialImagePath,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteMetaFrom(matches);
  if (!loaderData) return [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];
  return pageMeta(site, {
    title: PRESS_PAGE_TEXT.metaTitle,
    description: PRESS_PAGE_TEXT.metaDescription(site.artistName),
    path: PRESS_PATH,
    noindex: loaderData.kind === "empty",
    image: {
      path: loaderData.socialImagePath,
      width: SOCIAL_IMAGE_WIDTH,
      height: SOCIAL_IMAGE_HEIGHT,
      alt: PRESS_PAGE_TEXT.socialImageAlt(site.artistName),
    },
  });
};

function EmptyKit({ editPath }: { editPath: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">{PRESS_PAGE_TEXT.eyebrow}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl">{PRESS_PAGE_TEXT.emptyTitle}</h1>
      <p className="mx-auto mt-4 max-w-xl text-stone-600 dark:text-stone-400">{PRESS_PAGE_TEXT.emptyText}</p>
      <Link to={editPath} className={`${buttonClass("primary")} mt-8`}>
        {PRESS_PAGE_TEXT.emptyAction}
      </Link>
      <p className="mt-6 text-sm text-stone-500 dark:text-stone-400">{PRESS_PAGE_TEXT.adminPreview}</p>
    </section>
  );
}

type Kit = Extract<Route.ComponentProps["loaderData"], { kind: "kit" }>;

/** The parts the kit has, in page order, for its contents line. */
function partsOf(kit: Kit): [PressPart, string][] {
  const parts: [PressPart, boolean, string][] = [
    ["bio", Boolean(kit.words.shortBio || kit.words.longBio), PRESS_PAGE_TEXT.bioHeading],
    ["photos", kit.photos.length > 0, PRESS_PAGE_TEXT.photosHeading],
    ["quotes", kit.words.quotes.length > 0, PRESS_PAGE_TEXT.quotesHeading],
    ["music", kit.music.length > 0, PRESS_PAGE_TEXT.musicHeading],
    ["shows", kit.shows.length > 0, PRESS_PAGE_TEXT.showsHeading],
    ["contacts", Object.values(kit.words.contacts).some((contact) => contact.email !== ""), PRESS_PAGE_TEXT.contactsHeading],
    ["files", kit.files.length > 0, PRESS_PAGE_TEXT.filesHeading],
  ];
  return parts.filter(([, shown]) => shown).map(([part, , title]) => [part, title]);
}

function PressKit({ kit }: { kit: Kit }) {
  return (
    <article className="mx-auto max-w-6xl px-4 pt-16 pb-8 sm:px-6 sm:pt-20 print:max-w-none print:p-0">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300 print:text-stone-600">
          {PRESS_PAGE_TEXT.eyebrow}
        </p>
        <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl print:mt-1 print:text-3xl">{kit.artist.name}</h1>
        <p className="mt-3 text-lg text-stone-600 dark:text-stone-400 print:mt-1 print:text-base">
          {kit.artist.tagline} · {kit.artist.genres.join(", ")}
        </p>
        <p className="hidden print:mt-1 print:block print:text-sm">{absoluteUrl(kit.origin, PRESS_PATH)}</p>
        <p className="mt-4 text-stone-600 dark:text-stone-400 print:hidden">{PRESS_PAGE_TEXT.intro}</p>
      </header>
      <nav aria-label={PRESS_PAGE_TEXT.contents} className="mt-8 print:hidden">
        <ul className="flex flex-wrap gap-2">
          {partsOf(kit).map(([part, title]) => (
            <li key={part}>
              <a href={`#${part}`} className={buttonClass("secondary", "sm")}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <PressBios words={kit.words} />
      <PressPhotos photos={kit.photos} />
      <PressQuotes quotes={kit.words.quotes} />
      {kit.music.length > 0 ? (
        <PressSection part="music" title={PRESS_PAGE_TEXT.musicHeading}>
          <div className="space-y-8 print:space-y-1">
            {kit.music.map((release) => (
              <div key={release.id} className="space-y-3">
                <p className="text-sm text-stone-600 dark:text-stone-400 print:text-sm print:text-stone-900">
                  <Link to={release.path} className="font-semibold text-stone-900 hover:underline dark:text-stone-100">
                    {release.title}
                  </Link>{" "}
                  · {release.summary}
                  <span className="hidden print:inline"> · {absoluteUrl(kit.origin, release.path)}</span>
                </p>
                <div className="print:hidden">
                  <SongsPlayer songs={release.tracks} label={PRESS_PAGE_TEXT.musicPlayer(release.title)} />
                </div>
              </div>
            ))}
          </div>
        </PressSection>
      ) : null}
      {kit.shows.length > 0 ? (
        <PressSection
          part="shows"
          title={PRESS_PAGE_TEXT.showsHeading}
          action={
            <Link
              to="/shows"
              className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300 print:hidden"
            >
              {PRESS_PAGE_TEXT.showsAll}
            </Link>
          }
        >
          <div className="print:hidden">
            <UpcomingShows shows={kit.shows} />
          </div>
          <ShowLines shows={kit.shows} className="hidden print:block" />
        </PressSection>
      ) : null}
      <PressContacts contacts={kit.words.contacts} />
      <PressFilesList files={kit.files} origin={kit.origin} />
    </article>
  );
}

export default function Press() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === "empty" ? <EmptyKit editPath={loaded.editPath} /> : <PressKit kit={loaded} />;
}
