import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { CoverImage } from "#app/components/cover-image.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { formatDuration, streamingServices, type Song, type StreamingLinks } from "#app/domain/song.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import type { SongEditField } from "./schema.ts";
import { type ReleaseEdit, saveSongEdit, type SongEditStage } from "./song-edit.ts";
import { sniffFile } from "#app/lib/uploads/sniff-file-type.ts";
import { INVALID_LINK, isStreamingLink, STREAMING_LINK_MAX, TITLE_MAX } from "./song-rules.ts";
import { checkFile } from "./upload-rules.ts";
import { useCheckAfterPress } from "./use-check-after-press.ts";
import { EDIT_TEXT, UPLOAD_TEXT } from "./ui-text.ts";
import { toZonedLocal } from "#app/lib/time/zoned-time.ts";
import { AnnounceChoice, ReleaseMomentFields, releaseTimeProblem, useZoneNames } from "./release-timing-fields.tsx";

type FieldErrors = Partial<Record<SongEditField, string>>;
type Phase = "editing" | SongEditStage;
/** What stops the save, beyond a field: the song moved on elsewhere, or is gone. */
type Blocker = { kind: "conflict"; message: string; current: Song } | { kind: "deleted"; message: string } | null;

const stageText: Record<SongEditStage, string> = {
  "uploading-audio": EDIT_TEXT.uploadingAudio,
  "uploading-cover": EDIT_TEXT.uploadingCover,
  saving: EDIT_TEXT.saving,
};
const browserZone = () => (typeof Intl === "undefined" ? "UTC" : Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
/** A scheduled song's time as the artist set it (their zone), for the fields to start from. */
const releaseOf = (song: Song): ReleaseEdit | null => {
  if (song.released || song.releaseAt === null) return null;
  const timeZone = song.releaseTimeZone ?? browserZone();
  return { at: toZonedLocal(song.releaseAt, timeZone), timeZone, announce: song.releaseAnnounce };
};
const sameRelease = (a: ReleaseEdit | null, b: ReleaseEdit | null) =>
  a === b || (a !== null && b !== null && a.at === b.at && a.timeZone === b.timeZone && a.announce === b.announce);
const linksOf = (song: Song): StreamingLinks => ({ ...song.streamingLinks });
const titleProblem = (value: string) => (value.trim() ? null : UPLOAD_TEXT.missingTitle);
const linkProblem = (value: string) => (isStreamingLink(value) ? null : INVALID_LINK);

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
  const [title, setTitle] = useState(song.title);
  const [links, setLinks] = useState<StreamingLinks>(() => linksOf(song));
  const [cover, setCover] = useState<File | null>(null);
  const [audio, setAudio] = useState<File | null>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const [initialRelease] = useState(() => releaseOf(song));
  const [release, setRelease] = useState<ReleaseEdit | null>(initialRelease);
  const zones = useZoneNames(initialRelease?.timeZone ?? null);
  const audioChoice = useRef(0);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [shownCoverKey, setShownCoverKey] = useState(song.coverKey);
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState(song.updatedAt);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<Phase>("editing");
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [blocker, setBlocker] = useState<Blocker>(null);
  const upload = useRef<AbortController | null>(null);
  const choice = useRef(0);
  const mounted = useRef(false);
  const { onPointerDown, afterPress } = useCheckAfterPress();
  const busy = phase !== "editing";

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Modal: the page behind is inert, Tab stays inside, Escape closes it.
    if (!element.open) element.showModal();
    document.getElementById(`${id}-title`)?.focus();
    mounted.current = true;
    return () => {
      mounted.current = false;
      upload.current?.abort();
      element.close();
    };
  }, [id]);
  useEffect(() => () => void (coverPreview && URL.revokeObjectURL(coverPreview)), [coverPreview]);

  const setFieldError = (field: SongEditField, message: string | null) =>
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });

  async function chooseCover(file: File) {
    const turn = ++choice.current;
    // By its bytes, as the server judges, so a wrong file is refused here and now.
    const problem = checkFile("cover", file, await sniffFile(file).catch(() => null));
    if (turn !== choice.current) return;
    setFieldError("cover", problem);
    setCover(problem ? null : file);
    setCoverPreview(problem ? null : URL.createObjectURL(file));
  }

  async function chooseAudio(file: File) {
    const turn = ++audioChoice.current;
    const problem = checkFile("audio", file, await sniffFile(file).catch(() => null));
    if (turn !== audioChoice.current) return;
    setFieldError("audio", problem);
    setAudio(problem ? null : file);
  }

  const keepCurrentAudio = () => {
    audioChoice.current++;
    setAudio(null);
    setFieldError("audio", null);
    audioInput.current?.focus();
  };

  const keepCurrentCover = () => {
    choice.current++;
    setCover(null);
    setCoverPreview(null);
    setFieldError("cover", null);
    coverInput.current?.focus();
  };

  const focusField = (field: SongEditField) => {
    if (field === "cover") coverInput.current?.focus();
    else if (field === "audio") audioInput.current?.focus();
    else if (field === "release") document.getElementById(`${id}-release-at`)?.focus();
    else document.getElementById(`${id}-${field}`)?.focus();
  };

  async function save(version: number) {
    if (busy) return;
    setFormError(null);
    const found: FieldErrors = {};
    const badTitle = titleProblem(title);
    if (badTitle) found.title = badTitle;
    for (const service of streamingServices) {
      const bad = linkProblem(links[service.key]);
      if (bad) found[service.key] = bad;
    }
    if (errors.cover) found.cover = errors.cover;
    if (errors.audio) found.audio = errors.audio;
    const releaseChanged = !sameRelease(release, initialRelease);
    const badRelease = releaseChanged ? release && releaseTimeProblem(release.at, release.timeZone) : null;
    if (badRelease) found.release = badRelease;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const order = ["cover", "title", ...streamingServices.map((service) => service.key), "audio", "release"] as const;
      const first = order.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }

    const controller = new AbortController();
    upload.current = controller;
    const result = await saveSongEdit(
      song,
      version,
      { title, links, cover, audio, release: releaseChanged ? release : null },
      { signal: controller.signal, onStage: setPhase, onProgress: setProgress },
    );
    if (upload.current === controller) upload.current = null;
    if (result.kind === "cancelled") return;
    setPhase("editing");
    setProgress(null);
    switch (result.kind) {
      case "saved":
        return onSaved(result.song);
      case "invalid": {
        setErrors(result.fields);
        const first = (Object.keys(result.fields) as SongEditField[])[0];
        if (first) focusField(first);
        else setFormError(result.error);
        return;
      }
      case "conflict":
        setBlocker({ kind: "conflict", message: result.error, current: result.current });
        onChanged(result.current);
        return;
      case "deleted":
        setBlocker({ kind: "deleted", message: result.error });
        return;
      case "failed":
        setFormError(result.error ? `${EDIT_TEXT.failed}: ${result.error}` : EDIT_TEXT.failed);
        return;
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocker) return;
    void save(expectedUpdatedAt);
  };

  /** After a conflict: the version saved elsewhere replaces what is in the form. */
  const showLatest = (current: Song) => {
    setTitle(current.title);
    setLinks(linksOf(current));
    setShownCoverKey(current.coverKey);
    setExpectedUpdatedAt(current.updatedAt);
    keepCurrentCover();
    setErrors({});
    setBlocker(null);
    focusField("title");
  };
  /** After a conflict: these edits go over the version saved elsewhere, knowingly. */
  const saveAnyway = (current: Song) => {
    setExpectedUpdatedAt(current.updatedAt);
    setBlocker(null);
    void save(current.updatedAt);
  };

  const close = () => {
    if (phase === "saving") return;
    if (blocker?.kind === "deleted") onGone(song.id);
    else onClose();
  };

  const status = phase === "editing" ? null : stageText[phase];
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
          <div className="min-w-0 space-y-3">
            <figure className="flex items-center gap-4 sm:block">
              {coverPreview ? (
                <img
                  src={coverPreview}
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
                <span className="block">{coverPreview ? EDIT_TEXT.newCover : EDIT_TEXT.currentCover}</span>
                {cover ? (
                  <button type="button" onClick={keepCurrentCover} className="font-semibold text-brand-700 underline dark:text-brand-300">
                    {EDIT_TEXT.keepCover}
                  </button>
                ) : null}
              </figcaption>
            </figure>
            <FileDropZone
              ref={coverInput}
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              label={EDIT_TEXT.coverLabel}
              touchLabel={EDIT_TEXT.coverTouchLabel}
              hint="JPG, PNG, WebP, AVIF or GIF, up to 5MB"
              file={cover}
              error={errors.cover ?? null}
              onFile={(file) => void chooseCover(file)}
            />
          </div>

          <div className="min-w-0 space-y-5">
            <TextField
              id={`${id}-title`}
              label="Title"
              name="title"
              required
              maxLength={TITLE_MAX}
              autoComplete="off"
              value={title}
              error={errors.title}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTitle(value);
                if (errors.title && !titleProblem(value)) setFieldError("title", null);
              }}
              onBlur={(event) => {
                const value = event.currentTarget.value;
                afterPress(() => setFieldError("title", titleProblem(value)));
              }}
            />
            <fieldset className="min-w-0 space-y-4">
              <legend className="mb-3 text-sm font-semibold">Streaming links (optional)</legend>
              {streamingServices.map((service) => (
                <TextField
                  key={service.key}
                  id={`${id}-${service.key}`}
                  label={service.label}
                  name={service.key}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={STREAMING_LINK_MAX}
                  value={links[service.key]}
                  error={errors[service.key]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setLinks((current) => ({ ...current, [service.key]: value }));
                    if (errors[service.key] && !linkProblem(value)) setFieldError(service.key, null);
                  }}
                  onBlur={(event) => {
                    const value = event.currentTarget.value;
                    afterPress(() => setFieldError(service.key, linkProblem(value)));
                  }}
                />
              ))}
            </fieldset>
            <section aria-labelledby={`${id}-audio-heading`} className="min-w-0 space-y-3">
              <h3 id={`${id}-audio-heading`} className="font-sans text-sm font-semibold">
                {EDIT_TEXT.audioHeading}
              </h3>
              <p className="text-sm text-stone-600 dark:text-stone-400">
                {audio ? EDIT_TEXT.newAudio(audio.name) : EDIT_TEXT.currentAudio(song.durationMs ? formatDuration(song.durationMs) : "")}{" "}
                {audio ? (
                  <button type="button" onClick={keepCurrentAudio} className="font-semibold text-brand-700 underline dark:text-brand-300">
                    {EDIT_TEXT.keepAudio}
                  </button>
                ) : null}
              </p>
              <FileDropZone
                ref={audioInput}
                accept="audio/*"
                label={EDIT_TEXT.audioLabel}
                touchLabel={EDIT_TEXT.audioTouchLabel}
                hint="MP3, WAV, OGG, FLAC or M4A, up to 50MB"
                file={audio}
                error={errors.audio ?? null}
                onFile={(file) => void chooseAudio(file)}
              />
            </section>
            {release ? (
              <fieldset className="min-w-0 space-y-4">
                <legend className="mb-3 text-sm font-semibold">{EDIT_TEXT.releaseHeading}</legend>
                <ReleaseMomentFields
                  id={`${id}-release`}
                  at={release.at}
                  timeZone={release.timeZone}
                  zones={zones}
                  error={errors.release ?? null}
                  onChange={(moment) => {
                    setRelease({ ...release, ...moment });
                    setFieldError("release", null);
                  }}
                  className="grid gap-4"
                  controlClassName={inputStyles}
                />
                <AnnounceChoice
                  id={`${id}-announce`}
                  checked={release.announce}
                  mailOn={mailOn}
                  onChange={(announce) => setRelease({ ...release, announce })}
                />
              </fieldset>
            ) : null}
          </div>
        </fieldset>

        <div className="space-y-3" aria-live="polite">
          {progress !== null && progress > 0 && progress < 100 ? (
            <progress
              max={100}
              value={progress}
              aria-label={phase === "uploading-audio" ? "Audio upload" : "Cover upload"}
              className="block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-stone-200 dark:bg-stone-700 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-value]:bg-brand-400"
            />
          ) : null}
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
        {blocker ? (
          <div
            role="alert"
            className={`space-y-3 rounded-2xl border p-4 text-sm ${
              blocker.kind === "conflict"
                ? "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50"
                : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/60 dark:text-red-50"
            }`}
          >
            <p className="font-medium">{blocker.message}</p>
            {blocker.kind === "conflict" ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => showLatest(blocker.current)}>
                  {EDIT_TEXT.showLatest}
                </Button>
                <Button variant="primary" onClick={() => saveAnyway(blocker.current)}>
                  {EDIT_TEXT.saveAnyway}
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}

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
