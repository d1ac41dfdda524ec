import type { Ref } from "react";
import { CoverImage } from "#app/components/cover-image.tsx";
import { formatDuration, type Song } from "#app/domain/song.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import { useAudioUploadLimit } from "./audio-upload-limit.tsx";
import { audioHintText, isAudioTooLarge } from "./upload-rules.ts";
import { EDIT_TEXT, UPLOAD_TEXT } from "./ui-text.ts";

type ChoiceProps = {
  song: Song;
  file: File | null;
  error: string | undefined;
  onFile: (file: File) => void;
  /** Back to the song's current file. */
  onKeep: () => void;
  inputRef: Ref<HTMLInputElement>;
};

const keepStyles = "font-semibold text-brand-700 underline dark:text-brand-300";

/** The editor's cover: the current one (or the new one chosen, with a way back) and where to choose another. */
export function CoverChoice({
  song,
  file,
  error,
  onFile,
  onKeep,
  inputRef,
  preview,
  shownCoverKey,
}: ChoiceProps & { preview: string | null; shownCoverKey: string }) {
  return (
    <div className="min-w-0 space-y-3">
      <figure className="flex items-center gap-4 sm:block">
        {preview ? (
          <img
            src={preview}
            alt="New cover art"
            width={208}
            height={208}
            className="aspect-square w-28 shrink-0 rounded-2xl object-cover shadow sm:w-full"
          />
        ) : (
          <CoverImage
            coverKey={shownCoverKey}
            alt={`Current cover art for ${song.title}`}
            size={208}
            className="aspect-square w-28 shrink-0 rounded-2xl object-cover shadow sm:w-full"
          />
        )}
        <figcaption className="space-y-2 text-sm font-medium text-stone-600 sm:mt-2 dark:text-stone-400">
          <span className="block">{preview ? EDIT_TEXT.newCover : EDIT_TEXT.currentCover}</span>
          {file ? (
            <button type="button" onClick={onKeep} className={keepStyles}>
              {EDIT_TEXT.keepCover}
            </button>
          ) : null}
        </figcaption>
      </figure>
      <FileDropZone
        ref={inputRef}
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        label={EDIT_TEXT.coverLabel}
        touchLabel={EDIT_TEXT.coverTouchLabel}
        hint="JPG, PNG, WebP, AVIF or GIF, up to 5MB"
        file={file}
        error={error ?? null}
        onFile={onFile}
      />
    </div>
  );
}

/** The editor's audio: a new file replaces the song's and keeps its share link. */
export function AudioChoice({ formId, song, file, error, onFile, onKeep, inputRef }: ChoiceProps & { formId: string }) {
  const headingId = `${formId}-audio-heading`;
  const audioLimit = useAudioUploadLimit();
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-3">
      <h3 id={headingId} className="font-sans text-sm font-semibold">
        {EDIT_TEXT.audioHeading}
      </h3>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {file ? EDIT_TEXT.newAudio(file.name) : EDIT_TEXT.currentAudio(song.durationMs ? formatDuration(song.durationMs) : "")}{" "}
        {file ? (
          <button type="button" onClick={onKeep} className={keepStyles}>
            {EDIT_TEXT.keepAudio}
          </button>
        ) : null}
      </p>
      <FileDropZone
        ref={inputRef}
        accept="audio/*"
        label={EDIT_TEXT.audioLabel}
        touchLabel={EDIT_TEXT.audioTouchLabel}
        hint={audioHintText(audioLimit)}
        file={file}
        error={error ?? null}
        errorHint={isAudioTooLarge(error) ? UPLOAD_TEXT.audioTooLargeHint : undefined}
        onFile={onFile}
      />
    </section>
  );
}
