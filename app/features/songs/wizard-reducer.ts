import { withError } from "#app/components/ui/use-field-errors.ts";
import type { ReleaseChoice } from "./release-timing-fields.tsx";
import { emptyLinks, songFormAfter, typedProblems, type SongField, type SongForm, type SongFormEvent } from "./song-form-state.ts";
import { ADD_SONG_TEXT, UPLOAD_TEXT } from "./ui-text.ts";
import { noUpload, uploadAfter, type UploadEvent, type UploadState } from "./upload-progress.ts";

// The add-song wizard's state and every way it changes, apart from the page:
// what the wizard shows follows from this state alone.

export type Step = 1 | 2 | 3;

export type WizardState = SongForm & {
  step: Step;
  /** The artist moved between steps (rather than the wizard just opening), so the keyboard should follow. */
  stepMoved: boolean;
  /** The artist typed a title: an audio file's tag no longer replaces it. */
  titleTouched: boolean;
  release: ReleaseChoice;
  upload: UploadState;
  /** Saved: the wizard says so until the list reloads. */
  saved: boolean;
  /** Why the last upload failed, as shown. */
  failure: string | null;
};

export type WizardEvent =
  | SongFormEvent
  | UploadEvent
  /** The title read from the chosen audio file's tags. */
  | { type: "title-tagged"; title: string }
  | { type: "next" }
  | { type: "back" }
  /** `problem`: what is wrong with the new choice (it depends on the clock, so the caller judges it). */
  | { type: "release-changed"; release: ReleaseChoice; problem: string | null }
  | { type: "submitted"; releaseProblem: string | null }
  | { type: "saved" }
  | { type: "failed"; error: string | null }
  | { type: "reset"; release: ReleaseChoice };

export const initialWizard = (release: ReleaseChoice): WizardState => ({
  step: 1,
  stepMoved: false,
  title: "",
  titleTouched: false,
  links: emptyLinks,
  audio: null,
  cover: null,
  coverPreview: null,
  release,
  errors: {},
  upload: noUpload,
  saved: false,
  failure: null,
});

/** Everything that stops the song being sent, in our words (SPEC section 5), never the browser's. */
export function wizardProblems(state: WizardState, releaseProblem: string | null): Partial<Record<SongField, string>> {
  const found = typedProblems(state);
  if (!state.audio) found.audio = UPLOAD_TEXT.missingAudio;
  if (!state.cover) found.cover = UPLOAD_TEXT.missingCover;
  if (releaseProblem) found.release = releaseProblem;
  return found;
}

const goTo = (state: WizardState, step: Step): WizardState => ({ ...state, step, stepMoved: true });

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case "typed":
      return { ...state, ...songFormAfter(state, event), titleTouched: state.titleTouched || event.field === "title" };
    case "left":
    case "file-checked":
    case "file-dropped":
    case "error-shown":
    case "errors-found":
    case "replaced":
      return { ...state, ...songFormAfter(state, event) };
    case "stage":
    case "progress":
    case "upload-ended":
      return { ...state, upload: uploadAfter(state.upload, event) };
    case "title-tagged":
      if (state.titleTouched) return state;
      return { ...state, title: event.title, errors: withError(state.errors, "title", null) };
    case "next":
      // A step is left only with its file; pressing Next without it says what is missing.
      if (state.step === 1)
        return state.audio ? goTo(state, 2) : { ...state, errors: withError(state.errors, "audio", UPLOAD_TEXT.missingAudio) };
      if (state.step === 2)
        return state.cover ? goTo(state, 3) : { ...state, errors: withError(state.errors, "cover", UPLOAD_TEXT.missingCover) };
      return state;
    case "back":
      return state.step === 1 ? state : goTo(state, (state.step - 1) as Step);
    case "release-changed":
      // Once a wrong time was pointed out, the message follows each change; before, it waits for the submit.
      return {
        ...state,
        release: event.release,
        errors: state.errors.release ? withError(state.errors, "release", event.problem) : state.errors,
      };
    case "submitted": {
      const found = wizardProblems(state, event.releaseProblem);
      const next = { ...state, ...songFormAfter(state, { type: "errors-found", messages: found, fromServer: false }), failure: null };
      // A missing file is only reachable by a hand-made submit; the steps do not let it happen.
      if (found.audio) return goTo(next, 1);
      if (found.cover) return goTo(next, 2);
      return next;
    }
    case "saved":
      return { ...state, saved: true };
    case "failed":
      // Everything entered stays, to try again.
      return { ...state, upload: noUpload, failure: event.error ? `Upload failed: ${event.error}` : ADD_SONG_TEXT.failed };
    case "reset":
      return initialWizard(event.release);
  }
}
