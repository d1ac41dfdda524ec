import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from "react";
import type { ReleaseChoiceOption } from "#app/domain/release.ts";
import { streamingServices } from "#app/domain/song.ts";
import { AudioStep, CoverStep, StepList } from "./add-song-steps.tsx";
import { DetailsStep, detailInputId } from "./add-song-details.tsx";
import { initialReleaseChoice, releaseProblem } from "./release-timing-fields.tsx";
import { uploadSong, type UploadStage } from "./song-upload.ts";
import { ADD_SONG_TEXT } from "./ui-text.ts";
import { titleFromTags } from "./title-from-tags.ts";
import { ProgressRow } from "./upload-progress-bar.tsx";
import { useSongForm } from "./use-song-form.ts";
import { useSongUpload } from "./use-song-upload.ts";
import { initialWizard, wizardProblems, wizardReducer } from "./wizard-reducer.ts";

/** SPEC section 9: the list reloads 1.5 s after a song is added. */
const RELOAD_AFTER_ADD_MS = 1500;

const stageText: Record<UploadStage, string> = {
  "uploading-audio": ADD_SONG_TEXT.uploadingAudio,
  "uploading-cover": ADD_SONG_TEXT.uploadingCover,
  saving: ADD_SONG_TEXT.saving,
};

/**
 * The three-step add-song wizard (SPEC section 2 and 4): audio, cover, details.
 * Files go up on submit, each with its own progress bar. Unmounting it (the
 * library's Cancel, or leaving the page) cancels an upload under way; the
 * library hears how that ended through `onCancelled` / `onSavedAfterCancel`.
 * What it shows follows from its state (wizard-reducer.ts); this component
 * adds what only a page has: focus, files, timers and the upload itself.
 */
export function AddSongForm({
  artistName,
  mailOn,
  onDone,
  onCancelled,
  onSavedAfterCancel,
  releases,
}: {
  artistName: string;
  /** The releases a new song can join (step 3); it is a single of its own otherwise. */
  releases: readonly ReleaseChoiceOption[];
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
  const [releaseId, setReleaseId] = useState("");
  const [state, dispatch] = useReducer(wizardReducer, null, () => initialWizard(initialReleaseChoice()));
  const { onPointerDown, inputProps, chooseFile } = useSongForm(state, dispatch);
  const send = useSongUpload(dispatch);
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Read by the cleanup, which sees only the first render's state.
  const savedNow = useRef(false);
  // The callbacks as last rendered, for the cleanup and for an upload that outlives the form.
  const callbacks = useRef({ onDone, onCancelled, onSavedAfterCancel });
  useEffect(() => {
    callbacks.current = { onDone, onCancelled, onSavedAfterCancel };
  });
  const audioInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const stepBody = useRef<HTMLFieldSetElement>(null);

  useEffect(
    () => () => {
      clearTimeout(doneTimer.current);
      // Saved (and said so), but the list had not reloaded yet: it still must.
      if (savedNow.current) callbacks.current.onDone();
    },
    [],
  );
  // Keyboard and screen-reader users land on the new step, not on the body.
  const { step, stepMoved } = state;
  useEffect(() => {
    if (!stepMoved) return;
    stepBody.current?.querySelector<HTMLElement>("input:not([type=hidden]), button")?.focus();
  }, [step, stepMoved]);

  const busy = state.upload.stage !== null || state.saved;

  const chooseAudio = async (file: File) => {
    if (!(await chooseFile("audio", file)) || state.titleTouched) return;
    const tagged = await titleFromTags(file);
    if (tagged) dispatch({ type: "title-tagged", title: tagged });
  };
  /** Next without the step's file says so, and the keyboard goes where it is chosen. */
  const next = (file: File | null, input: HTMLInputElement | null) => {
    dispatch({ type: "next" });
    if (!file) input?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // A release with tracks coming gives a track joining it its day: no time of its own to check or send.
    const joiningComing = releases.find((release) => release.id === releaseId)?.coming ?? null;
    const badRelease = joiningComing ? null : releaseProblem(state.release);
    dispatch({ type: "submitted", releaseProblem: badRelease });
    const found = wizardProblems(state, badRelease);
    const { audio, cover } = state;
    if (!audio || !cover || Object.keys(found).length > 0) {
      const first = found.title ? "title" : streamingServices.find((service) => found[service.key])?.key;
      if (first && !found.audio && !found.cover) document.getElementById(detailInputId(id, first))?.focus();
      return;
    }

    const { title, links, release } = state;
    const outcome = await send((signal, report) =>
      uploadSong(
        {
          audio,
          cover,
          title,
          links,
          isLatest: joiningComing ? false : release.isLatest,
          releaseId,
          release:
            release.mode === "later" && !joiningComing
              ? { at: release.at, timeZone: release.timeZone, announce: mailOn && release.announce }
              : null,
        },
        { signal, ...report },
      ),
    );
    if (outcome.kind === "cancelled") return callbacks.current.onCancelled();
    if (outcome.kind === "saved") {
      if (outcome.afterCancel) return callbacks.current.onSavedAfterCancel();
      savedNow.current = true;
      dispatch({ type: "saved" });
      doneTimer.current = setTimeout(() => {
        savedNow.current = false;
        dispatch({ type: "reset", release: initialReleaseChoice() });
        setReleaseId("");
        callbacks.current.onDone();
      }, RELOAD_AFTER_ADD_MS);
      return;
    }
    dispatch({ type: "failed", error: outcome.error });
  }

  const status = state.saved ? ADD_SONG_TEXT.done : state.upload.stage ? stageText[state.upload.stage] : null;
  return (
    <form
      onSubmit={submit}
      onPointerDown={onPointerDown}
      noValidate
      className="space-y-6 rounded-3xl border border-stone-200 bg-white p-4 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
      aria-label="Add New Song"
    >
      <StepList step={step} />

      <fieldset ref={stepBody} disabled={busy} className="min-w-0 space-y-5">
        {step === 1 ? (
          <AudioStep
            inputRef={audioInput}
            file={state.audio}
            error={state.errors.audio?.message}
            onFile={(file) => void chooseAudio(file)}
            onNext={() => next(state.audio, audioInput.current)}
          />
        ) : null}
        {step === 2 ? (
          <CoverStep
            inputRef={coverInput}
            file={state.cover}
            preview={state.coverPreview}
            error={state.errors.cover?.message}
            onFile={(file) => void chooseFile("cover", file)}
            onNext={() => next(state.cover, coverInput.current)}
            onBack={() => dispatch({ type: "back" })}
          />
        ) : null}
        {step === 3 ? (
          <DetailsStep
            formId={id}
            state={state}
            artistName={artistName}
            mailOn={mailOn}
            releases={releases}
            releaseId={releaseId}
            onReleaseId={setReleaseId}
            inputProps={inputProps}
            onRelease={(release) => dispatch({ type: "release-changed", release, problem: releaseProblem(release) })}
            onBack={() => dispatch({ type: "back" })}
          />
        ) : null}
      </fieldset>

      <div className="space-y-3" aria-live="polite">
        <ProgressRow label="Audio upload" percent={state.upload.progress.audio} />
        <ProgressRow label="Cover upload" percent={state.upload.progress.cover} />
        {status ? (
          <p role="status" className={`text-sm font-medium ${state.saved ? "text-emerald-700 dark:text-emerald-400" : ""}`}>
            {status}
          </p>
        ) : null}
      </div>
      {state.failure ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {state.failure}
        </p>
      ) : null}
    </form>
  );
}
