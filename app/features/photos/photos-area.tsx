import { useId, useState, type ReactNode } from "react";
import { MAX_PRESS_PHOTOS, type PagePhotos, type Photo, type PhotoSlot } from "#app/domain/photo.ts";
import { ChooseFileButton } from "#app/components/ui/choose-file-button.tsx";
import { PHOTO_ACCEPT_ATTRIBUTE } from "./photo-rules.ts";
import { ExistingPhoto } from "./existing-photo.tsx";
import { PhotoDraft } from "./photo-draft.tsx";
import { addDrafts, withoutDraft, type DraftFile } from "./press-drafts.ts";
import { PHOTO_TEXT, SLOT_TEXT } from "./ui-text.ts";

const SINGLE_SLOTS = ["hero", "portrait", "poster"] as const;

/** The dashboard's Photos area: the three single photos, then the press photos. */
export function PhotosArea({ photos }: { photos: PagePhotos }) {
  return (
    <section id="section-photos" aria-labelledby="photos-heading" className="scroll-mt-24 space-y-8" data-testid="photos-area">
      <div>
        <h2 id="photos-heading" className="text-2xl font-semibold">
          {PHOTO_TEXT.areaTitle}
        </h2>
        <p className="mt-1 max-w-2xl text-stone-600 dark:text-stone-400">{PHOTO_TEXT.areaIntro}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {SINGLE_SLOTS.map((slot) => (
          <SingleSlotCard key={slot} slot={slot} photo={photos[slot]} />
        ))}
      </div>
      <PressPhotos photos={photos.press} />
    </section>
  );
}

function Card({ labelledBy, children, testId }: { labelledBy: string; children: ReactNode; testId?: string }) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      {children}
    </div>
  );
}

function SingleSlotCard({ slot, photo }: { slot: Exclude<PhotoSlot, "press">; photo: Photo | null }) {
  const headingId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState<File | null>(null);
  const text = SLOT_TEXT[slot];
  return (
    <Card labelledBy={headingId} testId={`photo-slot-${slot}`}>
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {text.title}
        </h3>
        <p id={hintId} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {text.hint}
        </p>
      </div>
      {draft ? (
        <PhotoDraft key={`${draft.name}-${draft.lastModified}`} slot={slot} file={draft} onClose={() => setDraft(null)} />
      ) : photo ? (
        <ExistingPhoto photo={photo}>
          <ChooseFileButton
            accept={PHOTO_ACCEPT_ATTRIBUTE}
            label={PHOTO_TEXT.replace}
            small
            onFiles={([file]) => file && setDraft(file)}
            describedBy={hintId}
          />
        </ExistingPhoto>
      ) : (
        <>
          <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">
            {PHOTO_TEXT.empty}
          </p>
          <ChooseFileButton
            accept={PHOTO_ACCEPT_ATTRIBUTE}
            label={PHOTO_TEXT.choose}
            primary
            onFiles={([file]) => file && setDraft(file)}
            describedBy={hintId}
          />
        </>
      )}
    </Card>
  );
}

function PressPhotos({ photos }: { photos: Photo[] }) {
  const headingId = useId();
  const hintId = useId();
  const [drafts, setDrafts] = useState<DraftFile[]>([]);
  const room = MAX_PRESS_PHOTOS - photos.length - drafts.length;
  const add = (files: File[]) => setDrafts((current) => addDrafts(current, files, room));
  return (
    <Card labelledBy={headingId} testId="photo-slot-press">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {SLOT_TEXT.press.title}
          </h3>
          <p id={hintId} className="mt-1 max-w-2xl text-sm text-stone-600 dark:text-stone-400">
            {SLOT_TEXT.press.hint}
          </p>
        </div>
        {room > 0 ? (
          <ChooseFileButton
            accept={PHOTO_ACCEPT_ATTRIBUTE}
            label={PHOTO_TEXT.addPress}
            multiple
            primary
            onFiles={add}
            describedBy={hintId}
          />
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">{PHOTO_TEXT.tooManyPress}</p>
        )}
      </div>

      {drafts.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="New press photos">
          {drafts.map((draft) => (
            <li key={draft.id} className="rounded-xl border border-brand-200 p-4 dark:border-brand-800/60">
              <PhotoDraft slot="press" file={draft.file} onClose={() => setDrafts((current) => withoutDraft(current, draft.id))} />
            </li>
          ))}
        </ul>
      ) : null}

      {photos.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{PHOTO_TEXT.pressEmpty}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Press photos, in order">
          {photos.map((photo, index) => (
            <li key={photo.id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-800" data-testid="press-photo">
              <ExistingPhoto photo={photo} position={{ index, count: photos.length }} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
