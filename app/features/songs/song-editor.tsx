import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { messageOf } from "#app/components/ui/use-field-errors.ts";
import type { Song } from "#app/domain/song.ts";
import { useZoneNames } from "./release-timing-fields.tsx";
import { type ReleaseEdit, releaseOf, type SongEditStage } from "./song-edit.ts";
import { BlockerNotice } from "./song-edit-blocker.tsx";
import { EditorReleaseFields, EditorTextFields } from "./song-editor-fields.tsx";
import { AudioChoice, CoverChoice } from "./song-editor-files.tsx";
import { songFormAfter, type SongField, type SongForm } from "./song-form-state.ts";
import { EDIT_TEXT } from "./ui-text.ts";
import { ProgressBar } from "./upload-progress-bar.tsx";
import { useSongEditSave } from "./use-song-edit-save.ts";
import { useSongForm } from "./use-song-form.ts";

const stageText: Record<SongEditStage, string> = {
  "uploading-audio": EDIT_TEXT.uploadingAudio,
  "uploading-cover": EDIT_TEXT.uploadingCover,
  saving: EDIT_TEXT.saving,
};
const formOf = (song: Song): SongForm => ({
  title: song.title,
  links: { ...song.streamingLinks },
  audio: null,
  cover: null,
  coverPreview: null,
  errors: {},
});

/**
 * Edits a published song in a modal dialog: title, streaming links and cover,
 * pre-filled. Nothing typed is lost on a refusal: each message sits on its
 * field, a conflict offers the other version or saving over it, and a song
 * deleted meanwhile says so. The library hears the outcome through
 * `onSaved` (the song as saved), `onChanged` (as found changed elsewhere),
 * `onGone` and `onClose`, and puts the focus back.
 */
export function SongEditor({
  song,
  onSaved,
  onChanged,
  onGone,
  onClose,
  mailOn,
}: {
  song: Song;
  /** Whether the site sends mail (else a release's announcement cannot be turned on). */
  mailOn: boolean;
  onSaved: (song: Song) => void;
  onChanged: (song: Song) => void;
  onGone: (id: string) => void;
  /** Closed without saving (Cancel, Escape, Close). */
  onClose: () => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const [form, dispatch] = useReducer(songFormAfter, song, formOf);
  const { onPointerDown, inputProps, chooseFile, dropFile } = useSongForm(form, dispatch);
  const [initialRelease] = useState(() => releaseOf(song));
  const [release, setRelease] = useState<ReleaseEdit | null>(initialRelease);
  const zones = useZoneNames(initialRelease?.timeZone ?? null);
  const [shownCoverKey, setShownCoverKey] = useState(song.coverKey);
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState(song.updatedAt);
  const mounted = useRef(false);
  const errorOf = (field: SongField) => messageOf(form.errors, field);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Modal: the page behind is inert, Tab stays inside, Escape closes it.
    if (!element.open) element.showModal();
    document.getElementById(`${id}-title`)?.focus();
    mounted.current = true;
    return () => {
      mounted.current = false;
      element.close();
    };
  }, [id]);

  const keepCurrent = (kind: "audio" | "cover") => {
    dropFile(kind);
    (kind === "audio" ? audioInput : coverInput).current?.focus();
  };
  const focusField = (field: SongField) => {
    if (field === "cover") coverInput.current?.focus();
    else if (field === "audio") audioInput.current?.focus();
    else if (field === "release") document.getElementById(`${id}-release-at`)?.focus();
    else document.getElementById(`${id}-${field}`)?.focus();
  };
  const { upload, formError, blocker, dismissBlocker, save } = useSongEditSave({
    song,
    form,
    dispatch,
    release,
    initialRelease,
    focusField,
    onSaved,
    onChanged,
  });
  const phase = upload.stage;
  const busy = phase !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocker) return;
    void save(expectedUpdatedAt);
  };

  /** After a conflict: the version saved elsewhere replaces what is in the form. */
  const showLatest = (current: Song) => {
    dropFile("cover");
    dispatch({ type: "replaced", title: current.title, links: current.streamingLinks });
    setShownCoverKey(current.coverKey);
    setExpectedUpdatedAt(current.updatedAt);
    dismissBlocker();
    focusField("title");
  };
  /** After a conflict: these edits go over the version saved elsewhere, knowingly. */
  const saveAnyway = (current: Song) => {
    setExpectedUpdatedAt(current.updatedAt);
    dismissBlocker();
    void save(current.updatedAt);
  };

  const close = () => {
    if (phase === "saving") return;
    if (blocker?.kind === "deleted") onGone(song.id);
    else onClose();
  };

  const status = phase === null ? null : stageText[phase];
  const headingId = `${id}-heading`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-busy={busy}
      onCancel={(event) => {
        // Escape: the same as Cancel, which waits for a save already sent.
        event.preventDefault();
        close();
      }}
      // The browser may close it anyway (a second Escape in a row): treat that as Cancel too.
      onClose={() => {
        if (mounted.current) close();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-3xl border border-stone-200 bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 backdrop:backdrop-blur-sm dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100"
    >
      <form onSubmit={submit} onPointerDown={onPointerDown} noValidate className="space-y-6 p-5 sm:p-8" aria-labelledby={headingId}>
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-semibold sm:text-2xl">
            {EDIT_TEXT.heading}
          </h2>
          <p className="mt-1 truncate text-sm text-stone-600 dark:text-stone-400" title={song.title}>
            {song.title} · {song.artist}
          </p>
        </div>

        <fieldset disabled={busy} className="grid min-w-0 gap-6 sm:grid-cols-[13rem_minmax(0,1fr)]">
          <CoverChoice
            song={song}
            shownCoverKey={shownCoverKey}
            file={form.cover}
            preview={form.coverPreview}
            error={errorOf("cover")}
            onFile={(file) => void chooseFile("cover", file)}
            onKeep={() => keepCurrent("cover")}
            inputRef={coverInput}
          />

          <div className="min-w-0 space-y-5">
            <EditorTextFields formId={id} errorOf={errorOf} inputProps={inputProps} />
            <AudioChoice
              formId={id}
              song={song}
              file={form.audio}
              error={errorOf("audio")}
              onFile={(file) => void chooseFile("audio", file)}
              onKeep={() => keepCurrent("audio")}
              inputRef={audioInput}
            />
            {release ? (
              <EditorReleaseFields
                formId={id}
                release={release}
                zones={zones}
                mailOn={mailOn}
                error={errorOf("release")}
                onChange={(next, momentMoved) => {
                  setRelease(next);
                  // A new moment may mend a wrong one: its message waits for the next Save.
                  if (momentMoved) dispatch({ type: "error-shown", field: "release", message: null });
                }}
              />
            ) : null}
          </div>
        </fieldset>

        <div className="space-y-3" aria-live="polite">
          <ProgressBar
            label={phase === "uploading-audio" ? "Audio upload" : "Cover upload"}
            percent={phase === "uploading-audio" ? upload.progress.audio : phase === "uploading-cover" ? upload.progress.cover : null}
          />
          {status ? (
            <p role="status" className="text-sm font-medium">
              {status}
            </p>
          ) : null}
        </div>

        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {formError}
          </p>
        ) : null}
        {blocker ? <BlockerNotice blocker={blocker} onShowLatest={showLatest} onSaveAnyway={saveAnyway} /> : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" aria-disabled={phase === "saving"} onClick={close}>
            {blocker?.kind === "deleted" ? EDIT_TEXT.close : "Cancel"}
          </Button>
          {blocker?.kind === "deleted" ? null : (
            <Button type="submit" variant="primary" aria-disabled={busy || blocker !== null}>
              {busy ? (status ?? EDIT_TEXT.saving) : EDIT_TEXT.save}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}
