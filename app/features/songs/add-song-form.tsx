import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { streamingServices, type StreamingLinks } from "#app/domain/song.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import { sniffFile } from "#app/lib/uploads/sniff-file-type.ts";
import { INVALID_LINK, isStreamingLink, STREAMING_LINK_MAX, TITLE_MAX } from "./song-rules.ts";
import { uploadSong, type UploadStage } from "./song-upload.ts";
import { checkFile, type UploadKind } from "./upload-rules.ts";
import { useCheckAfterPress } from "./use-check-after-press.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";
import { ADD_SONG_TEXT } from "./ui-text.ts";
import { initialReleaseChoice, releaseProblem, ReleaseTimingFields, type ReleaseChoice } from "./release-timing-fields.tsx";

/** SPEC section 9: the list reloads 1.5 s after a song is added. */
const RELOAD_AFTER_ADD_MS = 1500;

const STEPS = ["Upload Audio", "Upload Cover", "Song Details"] as const;
type Step = 1 | 2 | 3;
type Phase = "editing" | UploadStage | "done";
type Field = "audio" | "cover" | "title" | keyof StreamingLinks;
type FieldErrors = Partial<Record<Field, string>>;
const emptyLinks: StreamingLinks = { spotify: "", apple: "", amazon: "", youtube: "" };
const stageText: Record<UploadStage, string> = {
  "uploading-audio": ADD_SONG_TEXT.uploadingAudio,
  "uploading-cover": ADD_SONG_TEXT.uploadingCover,
  saving: ADD_SONG_TEXT.saving,
};
/** A button that looks and announces itself disabled but can still be pressed, to say what is missing. */
const softDisabled = "aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
/** A text field whose value is wrong wears it on its border too, not only in the words below. */
const fieldStyles = `${inputStyles} aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-600/30 dark:aria-[invalid=true]:border-red-400`;

/** Reads the title tag of a chosen audio file in the browser, when it has one. */
async function titleFromTags(file: File): Promise<string | null> {
  try {
    const { parseBlob } = await import("music-metadata");
    const metadata = await parseBlob(file, { skipCovers: true, duration: false });
    return metadata.common.title?.trim() || null;
  } catch {
    return null;
  }
}

function ProgressRow({ label, percent }: { label: string; percent: number | null }) {
  // Shown only while the file is on its way (SPEC section 4).
  if (percent === null || percent <= 0 || percent >= 100) return null;
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-stone-600 dark:text-stone-400">{percent}%</span>
      </div>
      {/* Styled through the bar's own parts: any styling drops Chromium's
          native look, whose fallback fill is a stock green. */}
      <progress
        max={100}
        value={percent}
        aria-label={label}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-stone-200 dark:bg-stone-700 [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-brand-600 dark:[&::-moz-progress-bar]:bg-brand-400 [&::-webkit-progress-bar]:bg-stone-200 dark:[&::-webkit-progress-bar]:bg-stone-700 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width] dark:[&::-webkit-progress-value]:bg-brand-400"
      />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** The steps, one line each at any width: number above name on phones, beside it from sm up. */
function Steps({ step }: { step: Step }) {
  return (
    <ol aria-label="Steps" className="grid grid-cols-3 gap-1 sm:gap-2">
      {STEPS.map((name, i) => {
        const number = (i + 1) as Step;
        const current = step === number;
        const done = step > number;
        return (
          <li
            key={name}
            aria-current={current ? "step" : undefined}
            className={`flex min-w-0 flex-col items-center gap-1.5 rounded-2xl px-1 py-2 text-center sm:flex-row sm:justify-center sm:gap-2 sm:rounded-full sm:px-3 ${
              current ? "bg-brand-50 dark:bg-brand-800/30" : ""
            }`}
          >
            <span
              className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-semibold tabular-nums ${
                current
                  ? "bg-brand-600 text-white dark:bg-brand-400 dark:text-stone-950"
                  : done
                    ? "bg-brand-100 text-brand-800 dark:bg-brand-800/60 dark:text-brand-100"
                    : "bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-400"
              }`}
            >
              {number}
            </span>{" "}
            <span
              className={`whitespace-nowrap text-xs font-semibold sm:text-sm ${
                current ? "text-brand-800 dark:text-brand-100" : "text-stone-600 dark:text-stone-400"
              }`}
            >
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The three-step add-song wizard (SPEC section 2 and 4): audio, cover, details.
 * Files go up on submit, each with its own progress bar. Unmounting it (the
 * library's Cancel, or leaving the page) cancels an upload under way; the
 * library hears how that ended through `onCancelled` / `onSavedAfterCancel`.
 */
export function AddSongForm({
  artistName,
  mailOn,
  onDone,
  onCancelled,
  onSavedAfterCancel,
}: {
  artistName: string;
  /** Whether the site can send mail (a scheduled song's announcement). */
  mailOn: boolean;
  /** The song was added and the form has finished. */
  onDone: () => void;
  /** An upload was under way when the form went away, and nothing was kept. */
  onCancelled: () => void;
  /** The form went away after the song was already saved. */
  onSavedAfterCancel: () => void;
}) {
  const id = useId();
  const [step, setStep] = useState<Step>(1);
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [links, setLinks] = useState<StreamingLinks>(emptyLinks);
  const [release, setRelease] = useState<ReleaseChoice>(initialReleaseChoice);
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhaseState] = useState<Phase>("editing");
  const [progress, setProgress] = useState<Record<UploadKind, number | null>>({ audio: null, cover: null });
  const [error, setError] = useState<string | null>(null);
  const titleTouched = useRef(false);
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const upload = useRef<AbortController | null>(null);
  // Which file choice is the latest: a slower check of an earlier one must not win.
  const choice = useRef({ audio: 0, cover: 0 });
  const phaseNow = useRef<Phase>("editing");
  // The callbacks as last rendered, for the cleanup and for an upload that outlives the form.
  const callbacks = useRef({ onDone, onCancelled, onSavedAfterCancel });
  useEffect(() => {
    callbacks.current = { onDone, onCancelled, onSavedAfterCancel };
  });
  const audioInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const stepBody = useRef<HTMLFieldSetElement>(null);
  const movedStep = useRef(false);
  const { onPointerDown, afterPress } = useCheckAfterPress();

  const setPhase = (next: Phase) => {
    phaseNow.current = next;
    setPhaseState(next);
  };

  useEffect(
    () => () => {
      clearTimeout(doneTimer.current);
      // Going away mid-upload cancels it; uploadSong reports how that ended.
      upload.current?.abort();
      // Saved (and said so), but the list had not reloaded yet: it still must.
      if (phaseNow.current === "done") callbacks.current.onDone();
    },
    [],
  );
  useEffect(() => () => void (coverPreview && URL.revokeObjectURL(coverPreview)), [coverPreview]);
  // Keyboard and screen-reader users land on the new step, not on the body.
  useEffect(() => {
    if (!movedStep.current) return;
    stepBody.current?.querySelector<HTMLElement>("input:not([type=hidden]), button")?.focus();
  }, [step]);

  const busy = phase !== "editing";
  const setFieldError = (field: Field, message: string | null) =>
    setErrors((current) => {
      if ((current[field] ?? null) === message) return current;
      const next = { ...current };
      if (message) next[field] = message;
      else delete next[field];
      return next;
    });
  const goTo = (next: Step) => {
    movedStep.current = true;
    setStep(next);
  };

  async function choose(kind: UploadKind, file: File) {
    const turn = ++choice.current[kind];
    // By the bytes, as the server judges, so a wrong file is refused here and not at the last step.
    const problem = checkFile(kind, file, await sniffFile(file).catch(() => null));
    if (turn !== choice.current[kind]) return;
    setFieldError(kind, problem);
    if (kind === "audio") {
      setAudio(problem ? null : file);
      if (!problem && !titleTouched.current) {
        void titleFromTags(file).then((tagged) => {
          if (tagged && !titleTouched.current) {
            setTitle(tagged);
            setFieldError("title", null);
          }
        });
      }
    } else {
      setCover(problem ? null : file);
      setCoverPreview(problem ? null : URL.createObjectURL(file));
    }
  }

  const titleProblem = (value: string) => (value.trim() ? null : UPLOAD_TEXT.missingTitle);
  const linkProblem = (value: string) => (isStreamingLink(value) ? null : INVALID_LINK);

  const reset = () => {
    movedStep.current = false;
    setStep(1);
    setAudio(null);
    setCover(null);
    setCoverPreview(null);
    setTitle("");
    setLinks(emptyLinks);
    setRelease(initialReleaseChoice());
    setReleaseError(null);
    setErrors({});
    setPhase("editing");
    setProgress({ audio: null, cover: null });
    titleTouched.current = false;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    // Our own checks and words (SPEC section 5), never the browser's bubbles.
    const found: FieldErrors = {};
    if (!audio) found.audio = UPLOAD_TEXT.missingAudio;
    if (!cover) found.cover = UPLOAD_TEXT.missingCover;
    const badTitle = titleProblem(title);
    if (badTitle) found.title = badTitle;
    for (const service of streamingServices) {
      const bad = linkProblem(links[service.key]);
      if (bad) found[service.key] = bad;
    }
    const badRelease = releaseProblem(release);
    setReleaseError(badRelease);
    if (!audio || !cover || Object.keys(found).length > 0 || badRelease) {
      setErrors(found);
      if (found.audio || found.cover) {
        // Only reachable by a hand-made submit; the steps do not let it happen.
        goTo(found.audio ? 1 : 2);
        return;
      }
      const first = found.title ? "title" : streamingServices.find((service) => found[service.key])?.key;
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }

    const controller = new AbortController();
    upload.current = controller;
    const outcome = await uploadSong(
      {
        audio,
        cover,
        title,
        links,
        isLatest: release.isLatest,
        release: release.mode === "later" ? { at: release.at, timeZone: release.timeZone, announce: mailOn && release.announce } : null,
      },
      {
        signal: controller.signal,
        onStage: setPhase,
        onProgress: (kind, percent) => setProgress((current) => ({ ...current, [kind]: percent })),
      },
    );
    if (upload.current === controller) upload.current = null;

    if (outcome.kind === "cancelled") return callbacks.current.onCancelled();
    if (outcome.kind === "saved") {
      if (outcome.afterCancel) return callbacks.current.onSavedAfterCancel();
      setPhase("done");
      doneTimer.current = setTimeout(() => {
        reset();
        callbacks.current.onDone();
      }, RELOAD_AFTER_ADD_MS);
      return;
    }
    setPhase("editing");
    setProgress({ audio: null, cover: null });
    setError(outcome.error ? `Upload failed: ${outcome.error}` : ADD_SONG_TEXT.failed);
  }

  const status = phase === "editing" ? null : phase === "done" ? ADD_SONG_TEXT.done : stageText[phase];
  const canSubmit = !!audio && !!cover && title.trim().length > 0;
  const errorId = (field: Field) => `${id}-${field}-error`;
  const invalidProps = (field: Field) =>
    errors[field] ? ({ "aria-invalid": true, "aria-describedby": errorId(field) } as const) : ({ "aria-invalid": undefined } as const);

  return (
    <form
      onSubmit={submit}
      onPointerDown={onPointerDown}
      noValidate
      className="space-y-6 rounded-3xl border border-stone-200 bg-white p-4 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
      aria-label="Add New Song"
    >
      <Steps step={step} />

      <fieldset ref={stepBody} disabled={busy} className="min-w-0 space-y-5">
        {step === 1 ? (
          <>
            <FileDropZone
              ref={audioInput}
              accept="audio/*"
              label="Drop an audio file here, or click to choose one"
              touchLabel="Tap to choose an audio file"
              hint="MP3, WAV, OGG, FLAC or M4A, up to 50MB"
              file={audio}
              error={errors.audio ?? null}
              onFile={(file) => void choose("audio", file)}
            />
            <div className="flex justify-end">
              <button
                type="button"
                className={`${buttonClass("primary")} ${softDisabled}`}
                aria-disabled={!audio}
                onClick={() => {
                  if (audio) return goTo(2);
                  setFieldError("audio", UPLOAD_TEXT.missingAudio);
                  audioInput.current?.focus();
                }}
              >
                Next
              </button>
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
              <FileDropZone
                ref={coverInput}
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                label="Drop the cover art here, or click to choose it"
                touchLabel="Tap to choose the cover art"
                hint="JPG, PNG, WebP, AVIF or GIF, up to 5MB; square works best"
                file={cover}
                error={errors.cover ?? null}
                onFile={(file) => void choose("cover", file)}
              />
              {coverPreview ? (
                <img
                  src={coverPreview}
                  alt="Chosen cover art"
                  width={128}
                  height={128}
                  className="size-32 justify-self-center rounded-xl object-cover shadow"
                />
              ) : null}
            </div>
            <div className="flex justify-between">
              <Button variant="secondary" onClick={() => goTo(1)}>
                Back
              </Button>
              <button
                type="button"
                className={`${buttonClass("primary")} ${softDisabled}`}
                aria-disabled={!cover}
                onClick={() => {
                  if (cover) return goTo(3);
                  setFieldError("cover", UPLOAD_TEXT.missingCover);
                  coverInput.current?.focus();
                }}
              >
                Next
              </button>
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div>
                <TextField
                  id={`${id}-title`}
                  label="Title"
                  name="title"
                  required
                  maxLength={TITLE_MAX}
                  className={fieldStyles}
                  value={title}
                  {...invalidProps("title")}
                  onChange={(event) => {
                    titleTouched.current = true;
                    const value = event.currentTarget.value;
                    setTitle(value);
                    // Cleared as soon as it is fixed; raised again only on leaving the field.
                    if (errors.title && !titleProblem(value)) setFieldError("title", null);
                  }}
                  onBlur={(event) => {
                    const value = event.currentTarget.value;
                    afterPress(() => setFieldError("title", titleProblem(value)));
                  }}
                />
                <FieldError id={errorId("title")} message={errors.title} />
              </div>
              {/* Fixed for every song (SPEC): shown as a fact, not as a field to edit. */}
              <dl className="space-y-1.5">
                <dt className="text-sm font-medium text-stone-800 dark:text-stone-200">Artist</dt>
                <dd className="flex items-center gap-2 border-b border-dashed border-stone-300 py-3 text-base text-stone-900 dark:border-stone-700 dark:text-stone-100">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    className="size-4 shrink-0 text-stone-500 dark:text-stone-400"
                  >
                    <path
                      fillRule="evenodd"
                      d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
                      clipRule="evenodd"
                    />
                  </svg>
                  <span className="min-w-0 truncate">{artistName}</span>
                  <span className="ml-auto shrink-0 text-xs text-stone-500 dark:text-stone-400">Same on every song</span>
                </dd>
              </dl>
            </div>
            <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">Streaming links (optional)</legend>
              {streamingServices.map((service) => (
                <div key={service.key}>
                  <TextField
                    id={`${id}-${service.key}`}
                    label={service.label}
                    name={service.key}
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    maxLength={STREAMING_LINK_MAX}
                    className={fieldStyles}
                    value={links[service.key]}
                    {...invalidProps(service.key)}
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
                  <FieldError id={errorId(service.key)} message={errors[service.key]} />
                </div>
              ))}
            </fieldset>
            <ReleaseTimingFields
              value={release}
              mailOn={mailOn}
              error={releaseError}
              onChange={(next) => {
                setRelease(next);
                if (releaseError) setReleaseError(releaseProblem(next));
              }}
            />
            <div className="flex justify-between">
              <Button variant="secondary" onClick={() => goTo(2)}>
                Back
              </Button>
              {/* Announced as disabled until audio, cover and title are there (SPEC), yet
                  pressing it says what is missing instead of doing nothing. */}
              <button type="submit" className={`${buttonClass("primary")} ${softDisabled}`} aria-disabled={!canSubmit}>
                Add Song
              </button>
            </div>
          </>
        ) : null}
      </fieldset>

      <div className="space-y-3" aria-live="polite">
        <ProgressRow label="Audio upload" percent={progress.audio} />
        <ProgressRow label="Cover upload" percent={progress.cover} />
        {status ? (
          <p role="status" className={`text-sm font-medium ${phase === "done" ? "text-emerald-700 dark:text-emerald-400" : ""}`}>
            {status}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
