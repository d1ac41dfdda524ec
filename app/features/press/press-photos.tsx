import { ResponsivePhoto } from "#app/components/responsive-photo.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { PublicPhoto } from "#app/domain/photo.ts";
import { PressSection } from "./press-section.tsx";
import { PRESS_ZIP_PATH, pressPhotoPath } from "./press-paths.ts";
import { PRESS_PAGE_TEXT } from "./ui-text.ts";

/** A press photo as the kit shows it: drawn from its variants, downloaded at its full size. */
export type PressPhoto = PublicPhoto & { id: string; caption: string; credit: string };

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.69L6.28 8.47a.75.75 0 0 0-1.06 1.06l4.25 4.25a.75.75 0 0 0 1.06 0l4.25-4.25a.75.75 0 1 0-1.06-1.06l-2.97 2.97V2.75Z" />
      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
    </svg>
  );
}

/**
 * The press photos in the artist's order, each with its caption, credit and
 * full size, one click from its download, and all of them as one zip. On paper
 * they are small, four to a row, with their words.
 */
export function PressPhotos({ photos }: { photos: PressPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <PressSection
      part="photos"
      title={PRESS_PAGE_TEXT.photosHeading}
      action={
        <a href={PRESS_ZIP_PATH} download className={`${buttonClass("primary", "sm")} print:hidden`}>
          <DownloadIcon />
          {PRESS_PAGE_TEXT.downloadAll(photos.length)}
        </a>
      }
    >
      <p className="-mt-2 mb-6 text-sm text-stone-600 dark:text-stone-400 print:mb-3">{PRESS_PAGE_TEXT.photosIntro}</p>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-4 print:gap-3">
        {photos.map((photo, i) => (
          <li key={photo.id} className="print:break-inside-avoid">
            <figure className="flex h-full flex-col">
              <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-stone-200 dark:bg-stone-800 print:rounded-md">
                <ResponsivePhoto
                  photo={photo}
                  sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, calc(100vw - 2rem)"
                  className="size-full object-cover"
                />
              </div>
              <figcaption className="mt-3 flex flex-1 flex-col gap-1 text-sm print:mt-1 print:text-[8pt] print:leading-tight">
                {photo.caption ? <span className="font-medium text-stone-800 dark:text-stone-200">{photo.caption}</span> : null}
                {photo.credit ? (
                  <span className="text-stone-600 dark:text-stone-400">{PRESS_PAGE_TEXT.photoCredit(photo.credit)}</span>
                ) : null}
                <span className="mt-auto flex items-center justify-between gap-3 pt-1">
                  <span className="text-xs text-stone-500 tabular-nums dark:text-stone-400">
                    {PRESS_PAGE_TEXT.fullSize(photo.width, photo.height)}
                  </span>
                  <a
                    href={pressPhotoPath(photo.id)}
                    download
                    aria-label={PRESS_PAGE_TEXT.downloadPhotoLabel(i + 1, photo.width, photo.height)}
                    className={`${buttonClass("secondary", "xs")} print:hidden`}
                  >
                    <DownloadIcon />
                    {PRESS_PAGE_TEXT.downloadPhoto}
                  </a>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PressSection>
  );
}
