import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { streamingServices, type StreamingLinks } from "#app/lib/song.ts";
import { FileDropZone } from "./file-drop-zone.tsx";
import { uploadFile } from "./upload-file.ts";
import { checkFile, UPLOAD_MESSAGES } from "./upload-rules.ts";

export const ADD_SONG_TEXTS = {
  uploadingAudio: "Uploading audio file...",
  uploadingCover: "Uploading cover art...",
  saving: "Saving song information...",
  done: "Song uploaded successfully! 🎉",
  failed: "Failed to add song",
} as const;
/** SPEC section 9: the list reloads 1.5 s after a song is added. */
export const RELOAD_AFTER_ADD_MS = 1500;

const STEPS = ["Upload Audio", "Upload Cover", "Song Details"] as const;
type Step = 1 | 2 | 3;
type Phase = "editing" | "uploading-audio" | "uploading-cover" | "saving" | "done";
const emptyLinks: StreamingLinks = { spotify: "", apple: "", amazon: "", youtube: "" };

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
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <progress max={100} value={percent} aria-label={label} className="h-2 w-full overflow-hidden rounded-full accent-brand-600" />
    </div>
  );
}

/**
 * The three-step add-song wizard (SPEC section 2 and 4): audio, cover, details.
 * Files go up on submit, each with its own progress bar.
 */
export function AddSongForm({ artistName, onDone }: { artistName: string; onDone: () => void }) {
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>(1);
  const [audio, setAudio] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [audioError, setAudioError] = useState<string | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [links, setLinks] = useState<StreamingLinks>(emptyLinks);
  const [phase, setPhase] = useState<Phase>("editing");
  const [progress, setProgress] = useState<{ audio: number | null; cover: number | null }>({ audio: null, cover: null });
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleTouched = useRef(false);
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(doneTimer.current), []);
  useEffect(() => () => void (coverPreview && URL.revokeObjectURL(coverPreview)), [coverPreview]);

  const busy = phase !== "editing";
  const chooseAudio = (file: File) => {
    const problem = checkFile("audio", file);
    setAudioError(problem);
    setAudio(problem ? null : file);
    if (!problem && !titleTouched.current) {
      void titleFromTags(file).then((tagged) => {
        if (tagged && !titleTouched.current) setTitle(tagged);
      });
    }
  };
  const chooseCover = (file: File) => {
    const problem = checkFile("cover", file);
    setCoverError(problem);
    setCover(problem ? null : file);
    setCoverPreview(problem ? null : URL.createObjectURL(file));
  };

  const reset = () => {
    setStep(1);
    setAudio(null);
    setCover(null);
    setCoverPreview(null);
    setTitle("");
    setLinks(emptyLinks);
    setPhase("editing");
    setProgress({ audio: null, cover: null });
    setStatus(null);
    titleTouched.current = false;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!audio) return setError(UPLOAD_MESSAGES.missingAudio);
    if (!cover) return setError(UPLOAD_MESSAGES.missingCover);
    if (!title.trim()) return setError(UPLOAD_MESSAGES.missingTitle);
    try {
      setPhase("uploading-audio");
      setStatus(ADD_SONG_TEXTS.uploadingAudio);
      const uploadedAudio = await uploadFile("audio", audio, (percent) => setProgress((p) => ({ ...p, audio: percent })));
      setPhase("uploading-cover");
      setStatus(ADD_SONG_TEXTS.uploadingCover);
      const uploadedCover = await uploadFile("cover", cover, (percent) => setProgress((p) => ({ ...p, cover: percent })));
      setPhase("saving");
      setStatus(ADD_SONG_TEXTS.saving);
      const form = new FormData();
      form.set("intent", "create-song");
      form.set("title", title);
      form.set("audioKey", uploadedAudio.key);
      form.set("coverKey", uploadedCover.key);
      if (uploadedAudio.durationMs !== null) form.set("durationMs", String(uploadedAudio.durationMs));
      for (const service of streamingServices) form.set(service.key, links[service.key]);
      const response = await fetch("/api/songs", { method: "POST", body: form });
      const result = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
      if (!response.ok || !result?.success) throw new Error(result?.error ?? ADD_SONG_TEXTS.failed);
      setPhase("done");
      setStatus(ADD_SONG_TEXTS.done);
      doneTimer.current = setTimeout(() => {
        reset();
        onDone();
        void revalidator.revalidate();
      }, RELOAD_AFTER_ADD_MS);
    } catch (caught) {
      setPhase("editing");
      setStatus(null);
      setProgress({ audio: null, cover: null });
      setError(caught instanceof Error && caught.message ? `Upload failed: ${caught.message}` : ADD_SONG_TEXTS.failed);
    }
  }

  const canSubmit = !!audio && !!cover && title.trim().length > 0 && !busy;
  return (
    <form onSubmit={submit} className="space-y-6 rounded-3xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900" aria-label="Add New Song">
      <ol className="grid grid-cols-3 gap-2 text-xs font-semibold sm:text-sm">
        {STEPS.map((name, i) => {
          const number = (i + 1) as Step;
          return (
            <li
              key={name}
              aria-current={step === number ? "step" : undefined}
              className={`rounded-full px-3 py-2 text-center ${
                step === number
                  ? "bg-brand-600 text-white dark:bg-brand-500 dark:text-stone-950"
                  : step > number
                    ? "bg-brand-100 text-brand-800 dark:bg-brand-800/40 dark:text-brand-100"
                    : "bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-400"
              }`}
            >
              {number} {name}
            </li>
          );
        })}
      </ol>

      <fieldset disabled={busy} className="space-y-5">
        {step === 1 ? (
          <>
            <FileDropZone
              accept="audio/*"
              label="Drop an audio file here, or click to choose one"
              hint="MP3, WAV, OGG, FLAC or M4A, up to 50MB"
              file={audio}
              error={audioError}
              onFile={chooseAudio}
            />
            <div className="flex justify-end">
              <button type="button" className={buttonStyles.primary} disabled={!audio} onClick={() => setStep(2)}>
                Next
              </button>
            </div>
          </>
        ) : null}

        {step === 2 ? (
          <>
            <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-center">
              <FileDropZone
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                label="Drop the cover art here, or click to choose it"
                hint="JPG, PNG, WebP, AVIF or GIF, up to 5MB; square works best"
                file={cover}
                error={coverError}
                onFile={chooseCover}
              />
              {coverPreview ? (
                <img src={coverPreview} alt="Chosen cover art" width={128} height={128} className="size-32 rounded-xl object-cover shadow" />
              ) : null}
            </div>
            <div className="flex justify-between">
              <button type="button" className={buttonStyles.secondary} onClick={() => setStep(1)}>
                Back
              </button>
              <button type="button" className={buttonStyles.primary} disabled={!cover} onClick={() => setStep(3)}>
                Next
              </button>
            </div>
          </>
        ) : null}

        {step === 3 ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Title"
                name="title"
                required
                maxLength={200}
                value={title}
                onChange={(event) => {
                  titleTouched.current = true;
                  setTitle(event.currentTarget.value);
                }}
              />
              <TextField label="Artist" name="artist" value={artistName} readOnly aria-readonly="true" className={`${inputStyles} bg-stone-100 dark:bg-stone-800`} />
            </div>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold">Streaming links (optional)</legend>
              {streamingServices.map((service) => (
                <TextField
                  key={service.key}
                  label={service.label}
                  name={service.key}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  maxLength={2048}
                  value={links[service.key]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setLinks((current) => ({ ...current, [service.key]: value }));
                  }}
                />
              ))}
            </fieldset>
            <div className="flex justify-between">
              <button type="button" className={buttonStyles.secondary} onClick={() => setStep(2)}>
                Back
              </button>
              <button type="submit" className={buttonStyles.primary} disabled={!canSubmit}>
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
