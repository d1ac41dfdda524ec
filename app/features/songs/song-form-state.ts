import { afterInput, errorsFrom, withError, type ShownErrors } from "#app/components/ui/use-field-errors.ts";
import { streamingServices, type StreamingLinks } from "#app/domain/song.ts";
import type { SongEditField } from "./schema.ts";
import { INVALID_LINK, isStreamingLink } from "./song-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";
import type { UploadKind } from "./upload-rules.ts";

// What the add-song wizard and the song editor both hold of a song while it is
// being filled in, and how each thing the artist does changes it. Kept pure, so
// both forms follow the same rules and the rules can be tested without a page.

/** The fields that can show an error, named as the server names them. */
export type SongField = SongEditField;
/** The fields typed into. */
export type TypedField = "title" | keyof StreamingLinks;

export type SongForm = {
  title: string;
  links: StreamingLinks;
  audio: File | null;
  cover: File | null;
  /** An object URL of `cover` to show it; whoever made it revokes it. */
  coverPreview: string | null;
  /** The errors shown, in the one model of a form's errors (use-field-errors.ts). */
  errors: ShownErrors<SongField>;
};

export type SongFormEvent =
  | { type: "typed"; field: TypedField; value: string }
  /** The field was left: its check runs then, not while the artist is still typing. */
  | { type: "left"; field: TypedField; value: string }
  /** A chosen file after its check by its bytes; refused, it is not kept. */
  | { type: "file-checked"; kind: UploadKind; file: File; problem: string | null; preview: string | null }
  /** The editor's "keep the current" file: the new choice is dropped. */
  | { type: "file-dropped"; kind: UploadKind }
  | { type: "error-shown"; field: SongField; message: string | null }
  /** What a submit's checks, or the server, found: it replaces every error shown. */
  | { type: "errors-found"; messages: Partial<Record<SongField, string>>; fromServer: boolean }
  /** The editor takes the version saved elsewhere: its title, links and cover replace what was entered. */
  | { type: "replaced"; title: string; links: StreamingLinks };

export const emptyLinks: StreamingLinks = { spotify: "", apple: "", amazon: "", youtube: "" };

const titleProblem = (value: string) => (value.trim() ? null : UPLOAD_TEXT.missingTitle);
const linkProblem = (value: string) => (isStreamingLink(value) ? null : INVALID_LINK);
const problemOf = (field: TypedField, value: string) => (field === "title" ? titleProblem(value) : linkProblem(value));

/** Our own checks of what was typed, as a submit runs them. */
export function typedProblems({ title, links }: Pick<SongForm, "title" | "links">): Partial<Record<SongField, string>> {
  const found: Partial<Record<SongField, string>> = {};
  const badTitle = titleProblem(title);
  if (badTitle) found.title = badTitle;
  for (const service of streamingServices) {
    const bad = linkProblem(links[service.key]);
    if (bad) found[service.key] = bad;
  }
  return found;
}

export function songFormAfter(state: SongForm, event: SongFormEvent): SongForm {
  switch (event.type) {
    case "typed": {
      const { field, value } = event;
      const errors = afterInput(state.errors, field, problemOf(field, value));
      return field === "title" ? { ...state, title: value, errors } : { ...state, links: { ...state.links, [field]: value }, errors };
    }
    case "left":
      return { ...state, errors: withError(state.errors, event.field, problemOf(event.field, event.value)) };
    case "file-checked": {
      const { kind, problem } = event;
      const file = problem ? null : event.file;
      const errors = withError(state.errors, kind, problem);
      return kind === "audio" ? { ...state, audio: file, errors } : { ...state, cover: file, coverPreview: file && event.preview, errors };
    }
    case "file-dropped": {
      const errors = withError(state.errors, event.kind, null);
      return event.kind === "audio" ? { ...state, audio: null, errors } : { ...state, cover: null, coverPreview: null, errors };
    }
    case "error-shown":
      return { ...state, errors: withError(state.errors, event.field, event.message) };
    case "errors-found":
      return { ...state, errors: errorsFrom(event.messages, event.fromServer) };
    case "replaced":
      return { ...state, title: event.title, links: { ...event.links }, cover: null, coverPreview: null, errors: {} };
  }
}
