import { useEffect, useRef, type ChangeEvent, type FocusEvent } from "react";
import { sniffFile } from "#app/lib/uploads/sniff-file-type.ts";
import type { SongForm, SongFormEvent, TypedField } from "./song-form-state.ts";
import { STREAMING_LINK_MAX } from "./song-rules.ts";
import { checkFile, type UploadKind } from "./upload-rules.ts";
import { useCheckAfterPress } from "./use-check-after-press.ts";
import { useAudioUploadLimit } from "./audio-upload-limit.tsx";

/** What every streaming-link input is, in the wizard and the editor. */
export const linkInputAttributes = { type: "url", inputMode: "url", placeholder: "https://", maxLength: STREAMING_LINK_MAX } as const;

/**
 * The page's side of a song form (song-form-state.ts): typed fields and chosen
 * files become its events. Put `onPointerDown` on the form, so a field's check
 * on leaving it waits for a press elsewhere to finish (use-check-after-press.ts).
 */
export function useSongForm(form: Pick<SongForm, "title" | "links" | "coverPreview">, dispatch: (event: SongFormEvent) => void) {
  const { onPointerDown, afterPress } = useCheckAfterPress();
  const audioLimit = useAudioUploadLimit();
  // Which choice of each kind is the newest: a slower check of an earlier one must not win.
  const turns = useRef<Record<UploadKind, number>>({ audio: 0, cover: 0 });
  const { coverPreview } = form;
  useEffect(() => () => void (coverPreview && URL.revokeObjectURL(coverPreview)), [coverPreview]);

  const inputProps = (field: TypedField) => ({
    value: field === "title" ? form.title : form.links[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => dispatch({ type: "typed", field, value: event.currentTarget.value }),
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      afterPress(() => dispatch({ type: "left", field, value }));
    },
  });

  /** Checks a chosen file by its bytes, as the server judges, so a wrong file is refused where it was chosen. True when it is the newest choice and fine. */
  async function chooseFile(kind: UploadKind, file: File): Promise<boolean> {
    const turn = ++turns.current[kind];
    const problem = checkFile(kind, file, await sniffFile(file).catch(() => null), kind === "audio" ? audioLimit : undefined);
    if (turn !== turns.current[kind]) return false;
    const preview = kind === "cover" && !problem ? URL.createObjectURL(file) : null;
    dispatch({ type: "file-checked", kind, file, problem, preview });
    return problem === null;
  }

  /** Drops the file chosen of `kind`, and any check of it still under way. */
  const dropFile = (kind: UploadKind) => {
    turns.current[kind]++;
    dispatch({ type: "file-dropped", kind });
  };

  return { onPointerDown, inputProps, chooseFile, dropFile };
}
