import { useReducer, useState } from "react";
import { messageOf } from "#app/components/ui/use-field-errors.ts";
import { streamingServices, type Song } from "#app/domain/song.ts";
import { releaseTimeProblem } from "./release-timing-fields.tsx";
import { type ReleaseEdit, sameRelease, saveSongEdit } from "./song-edit.ts";
import type { Blocker } from "./song-edit-blocker.tsx";
import { typedProblems, type SongField, type SongForm, type SongFormEvent } from "./song-form-state.ts";
import { EDIT_TEXT } from "./ui-text.ts";
import { noUpload, uploadAfter } from "./upload-progress.ts";
import { useSongUpload } from "./use-song-upload.ts";

/** Where the keyboard goes first when several fields are wrong: the page's order. */
const fieldOrder = ["cover", "title", ...streamingServices.map((service) => service.key), "audio", "release"] as const;

/**
 * The editor's Save: our checks first, then the files and the edit go up, and
 * the server's answer lands where the artist can act on it (on a field, as a
 * form error, or as a blocker for a conflict or a deleted song). Nothing
 * entered is dropped on any refusal.
 */
export function useSongEditSave({
  song,
  form,
  dispatch,
  release,
  initialRelease,
  focusField,
  onSaved,
  onChanged,
}: {
  song: Song;
  form: SongForm;
  dispatch: (event: SongFormEvent) => void;
  release: ReleaseEdit | null;
  /** As the song had it: left unchanged, it is not sent (nor judged against the clock). */
  initialRelease: ReleaseEdit | null;
  focusField: (field: SongField) => void;
  onSaved: (song: Song) => void;
  onChanged: (song: Song) => void;
}) {
  const [upload, dispatchUpload] = useReducer(uploadAfter, noUpload);
  const send = useSongUpload(dispatchUpload);
  const [formError, setFormError] = useState<string | null>(null);
  const [blocker, setBlocker] = useState<Blocker | null>(null);

  async function save(version: number) {
    if (upload.stage !== null) return;
    setFormError(null);
    const found = typedProblems(form);
    // A refused file stays refused until another is chosen.
    for (const kind of ["cover", "audio"] as const) {
      const refused = messageOf(form.errors, kind);
      if (refused) found[kind] = refused;
    }
    const releaseChanged = !sameRelease(release, initialRelease);
    const badRelease = releaseChanged ? release && releaseTimeProblem(release.at, release.timeZone) : null;
    if (badRelease) found.release = badRelease;
    if (Object.keys(found).length > 0) {
      dispatch({ type: "errors-found", messages: found, fromServer: false });
      const first = fieldOrder.find((field) => found[field]);
      if (first) focusField(first);
      return;
    }

    const { title, links, cover, audio } = form;
    const result = await send((signal, report) =>
      saveSongEdit(song, version, { title, links, cover, audio, release: releaseChanged ? release : null }, { signal, ...report }),
    );
    if (result.kind === "cancelled") return;
    dispatchUpload({ type: "upload-ended" });
    switch (result.kind) {
      case "saved":
        return onSaved(result.song);
      case "invalid": {
        dispatch({ type: "errors-found", messages: result.fields, fromServer: true });
        const first = (Object.keys(result.fields) as SongField[])[0];
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

  return { upload, formError, blocker, dismissBlocker: () => setBlocker(null), save };
}
