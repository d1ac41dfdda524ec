import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from "react";
import { useRevalidator } from "react-router";
import { ResponsivePhoto } from "#app/components/responsive-photo.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { MAX_ALT_LENGTH, MAX_PRESS_PHOTOS, photoFallbackSrc, type PagePhotos, type Photo, type PhotoSlot } from "#app/domain/photo.ts";
import { sniffFile } from "#app/lib/uploads/sniff-file-type.ts";
import { FocalPointField, parseFocal } from "./focal-point-field.tsx";
import { checkPhotoFile, PHOTO_ACCEPT_ATTRIBUTE } from "./photo-rules.ts";
import { PHOTO_TEXT, SLOT_TEXT } from "./ui-text.ts";
import { photoAction, uploadPhoto } from "./upload-photo.ts";

const SINGLE_SLOTS = ["hero", "portrait", "poster"] as const;
/** How each slot is cropped on the site, so the preview shows what fans will see. */
const CROP: Record<PhotoSlot, string> = {
  hero: "aspect-[16/9]",
  portrait: "aspect-[4/5]",
  poster: "aspect-[16/9]",
  press: "aspect-[4/3]",
};
const quietButton = buttonClass("secondary", "xs");

/** The dashboard's Photos panel: the three single photos, then the press photos. */
export function PhotosPanel({ photos }: { photos: PagePhotos }) {
  return (
    <section id="section-photos" aria-labelledby="photos-heading" className="scroll-mt-24 space-y-8" data-testid="photos-panel">
      <div>
        <h2 id="photos-heading" className="text-2xl font-semibold">
          {PHOTO_TEXT.panelTitle}
        </h2>
        <p className="mt-1 max-w-2xl text-stone-600 dark:text-stone-400">{PHOTO_TEXT.panelIntro}</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {SINGLE_SLOTS.map((slot) => (
          <SingleSlotCard key={slot} slot={slot} photo={photos[slot]} />
        ))}
      </div>
      <PressPhotos photos={photos.press} />
    </section>
  );
}

function Card({ labelledBy, children, testId }: { labelledBy: string; children: ReactNode; testId?: string }) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
    >
      {children}
    </div>
  );
}

/** A button that opens the file chooser: a label over a visually hidden input, so it is a real, focusable file input. */
function ChooseFileButton({
  label,
  multiple = false,
  onFiles,
  primary = false,
  small = false,
  describedBy,
}: {
  label: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  primary?: boolean;
  small?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={PHOTO_ACCEPT_ATTRIBUTE}
        multiple={multiple}
        className="peer sr-only"
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again (after a refusal) is seen.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={`${small ? quietButton : primary ? buttonClass("primary") : buttonClass("secondary")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M10 3a.75.75 0 0 1 .75.75v5.5h5.5a.75.75 0 0 1 0 1.5h-5.5v5.5a.75.75 0 0 1-1.5 0v-5.5h-5.5a.75.75 0 0 1 0-1.5h5.5v-5.5A.75.75 0 0 1 10 3Z" />
        </svg>
        {label}
      </label>
    </div>
  );
}

function SingleSlotCard({ slot, photo }: { slot: Exclude<PhotoSlot, "press">; photo: Photo | null }) {
  const headingId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState<File | null>(null);
  const text = SLOT_TEXT[slot];
  return (
    <Card labelledBy={headingId} testId={`photo-slot-${slot}`}>
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {text.title}
        </h3>
        <p id={hintId} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {text.hint}
        </p>
      </div>
      {draft ? (
        <PhotoDraft key={`${draft.name}-${draft.lastModified}`} slot={slot} file={draft} onClose={() => setDraft(null)} />
      ) : photo ? (
        <ExistingPhoto photo={photo}>
          <ChooseFileButton label={PHOTO_TEXT.replace} small onFiles={([file]) => file && setDraft(file)} describedBy={hintId} />
        </ExistingPhoto>
      ) : (
        <>
          <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400">
            {PHOTO_TEXT.empty}
          </p>
          <ChooseFileButton label={PHOTO_TEXT.choose} primary onFiles={([file]) => file && setDraft(file)} describedBy={hintId} />
        </>
      )}
    </Card>
  );
}

type DraftFile = { id: string; file: File };
let draftCounter = 0;

function PressPhotos({ photos }: { photos: Photo[] }) {
  const headingId = useId();
  const hintId = useId();
  const [drafts, setDrafts] = useState<DraftFile[]>([]);
  const room = MAX_PRESS_PHOTOS - photos.length - drafts.length;
  const add = (files: File[]) =>
    setDrafts((current) => [...current, ...files.slice(0, Math.max(0, room)).map((file) => ({ id: `d${++draftCounter}`, file }))]);
  return (
    <Card labelledBy={headingId} testId="photo-slot-press">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {SLOT_TEXT.press.title}
          </h3>
          <p id={hintId} className="mt-1 max-w-2xl text-sm text-stone-600 dark:text-stone-400">
            {SLOT_TEXT.press.hint}
          </p>
        </div>
        {room > 0 ? (
          <ChooseFileButton label={PHOTO_TEXT.addPress} multiple primary onFiles={add} describedBy={hintId} />
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">{PHOTO_TEXT.tooManyPress}</p>
        )}
      </div>

      {drafts.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="New press photos">
          {drafts.map((draft) => (
            <li key={draft.id} className="rounded-xl border border-brand-200 p-4 dark:border-brand-800/60">
              <PhotoDraft slot="press" file={draft.file} onClose={() => setDrafts((current) => current.filter((d) => d.id !== draft.id))} />
            </li>
          ))}
        </ul>
      ) : null}

      {photos.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{PHOTO_TEXT.pressEmpty}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Press photos, in order">
          {photos.map((photo, index) => (
            <li key={photo.id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-800" data-testid="press-photo">
              <ExistingPhoto photo={photo} position={{ index, count: photos.length }} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

type Phase = { kind: "editing" } | { kind: "uploading"; percent: number } | { kind: "failed"; error: string };

/**
 * A chosen photo before it is on the site: checked by its first bytes and
 * size at once, then described and uploaded with progress. A refusal keeps
 * everything typed, so the artist fixes one thing and tries again.
 */
function PhotoDraft({ slot, file, onClose }: { slot: PhotoSlot; file: File; onClose: () => void }) {
  const id = useId();
  const revalidator = useRevalidator();
  const { addToast } = useToasts();
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [focal, setFocal] = useState({ x: "50", y: "50" });
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const altRef = useRef<HTMLTextAreaElement>(null);
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
    const trimmed = alt.trim();
    const x = parseFocal(focal.x);
    const y = parseFocal(focal.y);
    if (!trimmed) {
      setAltError(PHOTO_TEXT.altRequired);
      altRef.current?.focus();
      return;
    }
    if (x === null || y === null) return;
    setAltError(null);
    setPhase({ kind: "uploading", percent: 0 });
    abort.current = new AbortController();
    try {
      await uploadPhoto(
        { slot, alt: trimmed, focalX: x, focalY: y },
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
      if (message === PHOTO_TEXT.altRequired || message === PHOTO_TEXT.altTooLong) {
        setAltError(message);
        setPhase({ kind: "editing" });
        altRef.current?.focus();
      } else setPhase({ kind: "failed", error: `${PHOTO_TEXT.failed}${message}` });
    }
  };

  const percent = phase.kind === "uploading" ? phase.percent : 0;
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
          <button type="button" className={quietButton} onClick={onClose}>
            {PHOTO_TEXT.cancel}
          </button>
        </>
      ) : (
        <>
          {preview ? (
            <FocalPointField src={preview} focalX={focal.x} focalY={focal.y} disabled={uploading} onChange={(x, y) => setFocal({ x, y })} />
          ) : null}
          <AltField
            ref={altRef}
            value={alt}
            error={altError}
            disabled={uploading}
            onChange={(value) => {
              setAlt(value);
              if (altError && value.trim()) setAltError(null);
            }}
          />
          {uploading ? (
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
          ) : null}
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

function AltField({
  value,
  error,
  disabled,
  onChange,
  ref,
  hint = true,
}: {
  value: string;
  error: string | null;
  disabled?: boolean;
  /** The example of a good description: for a new photo; an existing one already has one. */
  hint?: boolean;
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {PHOTO_TEXT.altLabel} <span className="text-red-700 dark:text-red-400">*</span>
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={3}
        required
        maxLength={MAX_ALT_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined}
        className={`${inputStyles} resize-y py-2 text-sm`}
      />
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
          {PHOTO_TEXT.altHint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A photo on the site: how it is cropped there, its description and focal
 * point (saved together), and removal behind a confirmation. A press photo
 * also moves earlier or later.
 */
function ExistingPhoto({ photo, position, children }: { photo: Photo; position?: { index: number; count: number }; children?: ReactNode }) {
  const id = useId();
  const revalidator = useRevalidator();
  const { addToast } = useToasts();
  const [alt, setAlt] = useState(photo.alt);
  const [focal, setFocal] = useState({ x: String(photo.focalX), y: String(photo.focalY) });
  const [altError, setAltError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "remove" | "up" | "down" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const altRef = useRef<HTMLTextAreaElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const moveRefs = { up: useRef<HTMLButtonElement>(null), down: useRef<HTMLButtonElement>(null) };

  // A saved change comes back from the server: start again from it.
  useEffect(() => {
    setAlt(photo.alt);
    setFocal({ x: String(photo.focalX), y: String(photo.focalY) });
  }, [photo.alt, photo.focalX, photo.focalY]);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const x = parseFocal(focal.x);
  const y = parseFocal(focal.y);
  const changed = alt.trim() !== photo.alt || x !== photo.focalX || y !== photo.focalY;

  const run = async (kind: NonNullable<typeof busy>, fields: Record<string, string>, done: string) => {
    if (busy) return false;
    setBusy(kind);
    setActionError(null);
    const answer = await photoAction({ id: photo.id, ...fields });
    setBusy(null);
    if (!answer.success) {
      if (answer.error === PHOTO_TEXT.altRequired || answer.error === PHOTO_TEXT.altTooLong) {
        setAltError(answer.error);
        altRef.current?.focus();
      } else setActionError(answer.error);
      return false;
    }
    addToast(done, "success");
    await revalidator.revalidate();
    return true;
  };

  const save = () => {
    if (!alt.trim()) {
      setAltError(PHOTO_TEXT.altRequired);
      altRef.current?.focus();
      return;
    }
    if (x === null || y === null) return;
    setAltError(null);
    void run("save", { intent: "update", alt: alt.trim(), focalX: String(x), focalY: String(y) }, PHOTO_TEXT.saved);
  };
  const move = async (direction: "up" | "down") => {
    const moved = await run(direction, { intent: "move", direction }, PHOTO_TEXT.moved);
    // The card moved with its photo; the focus stays on the button that moved it.
    if (moved) requestAnimationFrame(() => moveRefs[direction].current?.focus());
  };

  const previewStyle = { objectPosition: `${x ?? photo.focalX}% ${y ?? photo.focalY}%` };
  return (
    <div className="space-y-4">
      <div className={`relative overflow-hidden rounded-xl bg-stone-100 dark:bg-stone-800 ${CROP[photo.slot]}`}>
        {position ? (
          <span className="absolute left-2 top-2 z-10 rounded-full bg-stone-950/75 px-2.5 py-1 text-xs font-semibold text-white">
            {position.index + 1}
            <span className="sr-only"> of {position.count}</span>
          </span>
        ) : null}
        <ResponsivePhoto photo={photo} sizes="(min-width: 1024px) 360px, 90vw" className="size-full object-cover" style={previewStyle} />
      </div>
      <details className="group rounded-xl border border-stone-200 dark:border-stone-800">
        <summary className="cursor-pointer rounded-xl px-4 py-2.5 text-sm font-semibold hover:bg-stone-50 dark:hover:bg-stone-800/60">
          {PHOTO_TEXT.focalLegend}
        </summary>
        <div className="px-4 pb-4">
          <FocalPointField
            src={photoFallbackSrc(photo, 480)}
            focalX={focal.x}
            focalY={focal.y}
            disabled={busy !== null}
            onChange={(nx, ny) => setFocal({ x: nx, y: ny })}
          />
        </div>
      </details>
      <AltField
        ref={altRef}
        value={alt}
        error={altError}
        hint={false}
        onChange={(value) => {
          setAlt(value);
          if (altError && value.trim()) setAltError(null);
        }}
      />
      <FieldError id={`${id}-action`} message={actionError} />
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} className="space-y-3 rounded-xl bg-red-50 p-4 dark:bg-red-950/40">
          <p id={`${id}-confirm`} className="text-sm font-semibold text-red-800 dark:text-red-200">
            {PHOTO_TEXT.removeConfirm}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="confirmDanger"
              size="xs"
              aria-disabled={busy !== null || undefined}
              onClick={() =>
                void run("remove", { intent: "remove" }, PHOTO_TEXT.removed).then((removed) => {
                  if (!removed) setConfirming(false);
                })
              }
            >
              {busy === "remove" ? PHOTO_TEXT.removing : PHOTO_TEXT.removeYes}
            </Button>
            <button
              ref={keepRef}
              type="button"
              className={quietButton}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => removeRef.current?.focus());
              }}
            >
              {PHOTO_TEXT.removeNo}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="primary" size="xs" aria-disabled={!changed || busy !== null || undefined} onClick={() => changed && save()}>
            {busy === "save" ? PHOTO_TEXT.saving : PHOTO_TEXT.save}
          </Button>
          {position ? (
            <>
              <button
                ref={moveRefs.up}
                type="button"
                className={quietButton}
                aria-disabled={position.index === 0 || busy !== null || undefined}
                aria-label={`${PHOTO_TEXT.moveUp} (now ${position.index + 1} of ${position.count})`}
                onClick={() => position.index > 0 && void move("up")}
              >
                <span aria-hidden="true">↑</span> {PHOTO_TEXT.moveUp}
              </button>
              <button
                ref={moveRefs.down}
                type="button"
                className={quietButton}
                aria-disabled={position.index === position.count - 1 || busy !== null || undefined}
                aria-label={`${PHOTO_TEXT.moveDown} (now ${position.index + 1} of ${position.count})`}
                onClick={() => position.index < position.count - 1 && void move("down")}
              >
                <span aria-hidden="true">↓</span> {PHOTO_TEXT.moveDown}
              </button>
            </>
          ) : null}
          <Button ref={removeRef} variant="danger" size="xs" onClick={() => setConfirming(true)}>
            {PHOTO_TEXT.remove}
          </Button>
          {children}
        </div>
      )}
    </div>
  );
}
