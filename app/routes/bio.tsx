import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/bio";
import { ResponsivePhoto } from "#app/components/responsive-photo.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { photosForPage } from "#app/features/photos/photos.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { PHOTO_WIDTHS, photoVariantKey, photoWidths, type PublicPhoto } from "#app/domain/photo.ts";
import { mediaUrl } from "#app/domain/song.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [photos, { artist, bio }] = await Promise.all([photosForPage(context), siteSettingsOf(context)]);
  return { artistName: artist.name, bio, photos: { portrait: photos.portrait, press: photos.press } };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Bio",
    description: `The story of ${site.artistName}: where the songs come from and the music that shaped them.`,
    path: "/bio",
    type: "profile",
  });
};

/** The largest JPEG of a photo: what press and fans download. */
const fullSize = (photo: PublicPhoto) => mediaUrl(photoVariantKey(photo.key, photoWidths(photo.width).at(-1) ?? PHOTO_WIDTHS[0], "jpg"));

function PressGallery({ photos, artistName }: { photos: PublicPhoto[]; artistName: string }) {
  return (
    <section aria-labelledby="press-heading" className="mt-20">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="press-heading" className="text-2xl font-semibold">
          Photos
        </h2>
        <p className="text-sm text-stone-600 dark:text-stone-400">Press photos of {artistName}: select one for the full size.</p>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {photos.map((photo, index) => (
          <li key={photo.key} className={index === 0 && photos.length % 2 === 1 ? "col-span-2 lg:col-span-1" : ""}>
            <a
              href={fullSize(photo)}
              className="group block overflow-hidden rounded-2xl bg-stone-200 focus-visible:outline-offset-4 dark:bg-stone-800"
            >
              <div className={index === 0 && photos.length % 2 === 1 ? "aspect-[4/3] lg:aspect-[4/5]" : "aspect-[4/5]"}>
                <ResponsivePhoto
                  photo={photo}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 50vw"
                  className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
                />
              </div>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Bio() {
  const { artistName, bio, photos } = useLoaderData<typeof loader>();
  const { portrait } = photos;
  const story = (
    <div className="space-y-5 text-lg leading-relaxed text-stone-700 dark:text-stone-300">
      {bio.story.map((paragraph) => (
        <p key={paragraph.slice(0, 32)}>{paragraph}</p>
      ))}
    </div>
  );
  const heading = (
    <>
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Bio</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">The story of {artistName}</h1>
    </>
  );
  return (
    <article className={`mx-auto px-4 py-16 sm:px-6 sm:py-20 ${portrait ? "max-w-6xl" : "max-w-4xl"}`}>
      {portrait ? (
        // A phone reads the title, the portrait, then the story; a wide screen puts the portrait beside them.
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-x-14 lg:gap-y-8">
          <header className="lg:col-start-2 lg:row-start-1 lg:self-end">{heading}</header>
          <figure className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
            <div className="mx-auto aspect-[4/5] max-w-md overflow-hidden rounded-3xl bg-stone-200 shadow-xl lg:max-w-none dark:bg-stone-800">
              <ResponsivePhoto
                photo={portrait}
                sizes="(min-width: 1152px) 440px, (min-width: 1024px) 38vw, min(28rem, calc(100vw - 2rem))"
                priority
                className="size-full object-cover"
              />
            </div>
          </figure>
          <div className="lg:col-start-2 lg:row-start-2">{story}</div>
        </div>
      ) : (
        <>
          {heading}
          <div className="mt-8">{story}</div>
        </>
      )}

      <section aria-labelledby="influences-heading" className="mt-16">
        <h2 id="influences-heading" className="text-2xl font-semibold">
          Musical influences
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {bio.influences.map((influence) => (
            <li key={influence.name} className="rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
              <h3 className="text-lg font-semibold">{influence.name}</h3>
              <p className="mt-2 text-stone-600 dark:text-stone-400">{influence.description}</p>
            </li>
          ))}
        </ul>
      </section>

      {photos.press.length > 0 ? <PressGallery photos={photos.press} artistName={artistName} /> : null}

      <div className="mt-16 flex flex-wrap gap-3">
        <Link to="/music" className={buttonClass("primary")}>
          Listen to the Music
        </Link>
        <Link to="/contact" className={buttonClass("secondary")}>
          Get in Touch
        </Link>
      </div>
    </article>
  );
}
