import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import type { PhotoSlot } from "#app/domain/photo.ts";
import { sniffFile } from "#app/lib/uploads/sniff-file-type.ts";
import { AltField } from "./alt-field.tsx";
import { useAltField } from "./use-alt-field.ts";
import { FocalPointField, parseFocal } from "./focal-point-field.tsx";
import { checkPhotoFile } from "./photo-rules.ts";
import { PHOTO_TEXT, SLOT_TEXT } from "./ui-text.ts";
import { uploadPhoto } from "./upload-photo.ts";

type Phase = { kind: "editing" } | { kind: "uploading"; percent: number } | { kind: "failed"; error: string };

/**
 * A chosen photo before it is on the site: checked by its first bytes and
 * size at once, then described and uploaded with progress. A refusal keeps
 * everything typed, so the artist fixes one thing and tries again.
 */
export function PhotoDraft({ slot, file, onClose }: { slot: PhotoSlot; file: File; onClose: () => void }) {
  const id = useId();
  const revalidator = useRevalidator();
  const { addToast } = useToasts();
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const altField = useAltField("");
  const [focal, setFocal] = useState({ x: "50", y: "50" });
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    void sniffFile(file).then((sniffed) => live && setFileError(checkPhotoFile(file, sniffed)));
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => {
      live = false;
      URL.revokeObjectURL(url);
      abort.current?.abort();
    };
  }, [file]);

  const uploading = phase.kind === "uploading";
  const submit = async () => {
    if (uploading || fileError) return;
    const x = parseFocal(focal.x);
    const y = parseFocal(focal.y);
    // The focal field names its own problem.
    if (!altField.check() || x === null || y === null) return;
    setPhase({ kind: "uploading", percent: 0 });
    abort.current = new AbortController();
    try {
      await uploadPhoto(
        { slot, alt: altField.alt.trim(), focalX: x, focalY: y },
        file,
        (percent) => setPhase({ kind: "uploading", percent }),
        abort.current.signal,
      );
      addToast(PHOTO_TEXT.uploaded, "success");
      onClose();
      void revalidator.revalidate();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      const message = error instanceof Error ? error.message : PHOTO_TEXT.unexpected;
      if (altField.takeRefusal(message)) setPhase({ kind: "editing" });
      else setPhase({ kind: "failed", error: `${PHOTO_TEXT.failed}${message}` });
    }
  };

  return (
    <form
      noValidate
      aria-label={`${SLOT_TEXT[slot].title}: ${file.name}`}
      className="space-y-4"
      data-testid="photo-draft"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="truncate text-sm font-medium" title={file.name}>
        {file.name}
      </p>
      {fileError ? (
        <>
          <FieldError id={`${id}-file`} message={fileError} />
          <Button variant="secondary" size="xs" onClick={onClose}>
            {PHOTO_TEXT.cancel}
          </Button>
        </>
      ) : (
        <>
          {preview ? (
            <FocalPointField src={preview} focalX={focal.x} focalY={focal.y} disabled={uploading} onChange={(x, y) => setFocal({ x, y })} />
          ) : null}
          <AltField {...altField.field} disabled={uploading} />
          {phase.kind === "uploading" ? <UploadProgress percent={phase.percent} /> : null}
          {phase.kind === "failed" ? <FieldError id={`${id}-upload`} message={phase.error} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" aria-disabled={uploading || undefined}>
              {uploading ? PHOTO_TEXT.uploading : PHOTO_TEXT.upload}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                abort.current?.abort();
                onClose();
              }}
            >
              {PHOTO_TEXT.cancel}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** At 100 % the bytes are there but the server is still making the sizes: the bar then runs without an end. */
function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="space-y-1.5" role="status">
      <p className="text-sm text-stone-700 dark:text-stone-300">
        {percent < 100 ? `${PHOTO_TEXT.uploading} ${percent}%` : PHOTO_TEXT.processing}
      </p>
      <progress
        max={100}
        value={percent < 100 ? percent : undefined}
        aria-label={PHOTO_TEXT.uploading}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-600 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-stone-800"
      />
    </div>
  );
}
