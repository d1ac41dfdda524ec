import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { useRevalidator } from "react-router";
import { ResponsivePhoto } from "#app/components/responsive-photo.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmRemove } from "#app/components/ui/confirm-remove.tsx";
import { FieldError, TextField } from "#app/components/ui/text-field.tsx";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { MAX_CAPTION_LENGTH, MAX_CREDIT_LENGTH, photoFallbackSrc, type Photo, type PhotoSlot } from "#app/domain/photo.ts";
import { AltField } from "./alt-field.tsx";
import { useAltField } from "./use-alt-field.ts";
import { FocalPointField, parseFocal } from "./focal-point-field.tsx";
import { PHOTO_TEXT } from "./ui-text.ts";
import { photoAction } from "./upload-photo.ts";

/** How each slot is cropped on the site, so the preview shows what fans will see. */
const CROP: Record<PhotoSlot, string> = {
  hero: "aspect-[16/9]",
  portrait: "aspect-[4/5]",
  poster: "aspect-[16/9]",
  press: "aspect-[4/3]",
};
const REMOVE_LABELS = { yes: PHOTO_TEXT.removeYes, keep: PHOTO_TEXT.removeNo, removing: PHOTO_TEXT.removing };

type Busy = "save" | "remove" | "up" | "down";
type Direction = "up" | "down";
/** A press photo's place in the gallery. */
type Position = { index: number; count: number };

/**
 * A photo on the site: how it is cropped there, its description and focal
 * point (saved together), and removal behind a confirmation. A press photo
 * also moves earlier or later.
 */
export function ExistingPhoto({ photo, position, children }: { photo: Photo; position?: Position; children?: ReactNode }) {
  const id = useId();
  const revalidator = useRevalidator();
  const { addToast } = useToasts();
  const [focal, setFocal] = useState({ x: String(photo.focalX), y: String(photo.focalY) });
  // Only a press photo has a caption and a credit (the press kit prints them).
  const press = photo.slot === "press";
  const [lines, setLines] = useState({ caption: photo.caption, credit: photo.credit });
  const [busy, setBusy] = useState<Busy | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const altField = useAltField(photo.alt);
  const { alt, reset: resetAlt } = altField;
  const removeRef = useRef<HTMLButtonElement>(null);
  const moveRefs = { up: useRef<HTMLButtonElement>(null), down: useRef<HTMLButtonElement>(null) };

  // A saved change comes back from the server: start again from it.
  useEffect(() => {
    resetAlt(photo.alt);
    setFocal({ x: String(photo.focalX), y: String(photo.focalY) });
    setLines({ caption: photo.caption, credit: photo.credit });
  }, [photo.alt, photo.focalX, photo.focalY, photo.caption, photo.credit, resetAlt]);

  const x = parseFocal(focal.x);
  const y = parseFocal(focal.y);
  const linesChanged = press && (lines.caption.trim() !== photo.caption || lines.credit.trim() !== photo.credit);
  const changed = alt.trim() !== photo.alt || x !== photo.focalX || y !== photo.focalY || linesChanged;

  const run = async (kind: Busy, fields: Record<string, string>, done: string) => {
    if (busy) return false;
    setBusy(kind);
    setActionError(null);
    const answer = await photoAction({ id: photo.id, ...fields });
    setBusy(null);
    if (!answer.success) {
      if (!altField.takeRefusal(answer.error)) setActionError(answer.error);
      return false;
    }
    addToast(done, "success");
    await revalidator.revalidate();
    return true;
  };

  const save = () => {
    if (!altField.check() || x === null || y === null) return;
    const pressLines: Record<string, string> = press ? { caption: lines.caption.trim(), credit: lines.credit.trim() } : {};
    void run("save", { intent: "update", alt: alt.trim(), focalX: String(x), focalY: String(y), ...pressLines }, PHOTO_TEXT.saved);
  };
  const move = async (direction: Direction) => {
    const moved = await run(direction, { intent: "move", direction }, PHOTO_TEXT.moved);
    // The card moved with its photo; the focus stays on the button that moved it.
    if (moved) requestAnimationFrame(() => moveRefs[direction].current?.focus());
  };
  const remove = async () => {
    const removed = await run("remove", { intent: "remove" }, PHOTO_TEXT.removed);
    // Removed, the card goes with its photo; refused, the reason shows under the photo.
    if (!removed) setConfirming(false);
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
      <AltField {...altField.field} hint={false} />
      {press ? (
        <>
          <TextField
            label={PHOTO_TEXT.captionLabel}
            hint={PHOTO_TEXT.captionHint}
            value={lines.caption}
            maxLength={MAX_CAPTION_LENGTH}
            disabled={busy !== null}
            onChange={(event) => setLines({ ...lines, caption: event.target.value })}
          />
          <TextField
            label={PHOTO_TEXT.creditLabel}
            hint={PHOTO_TEXT.creditHint}
            value={lines.credit}
            maxLength={MAX_CREDIT_LENGTH}
            disabled={busy !== null}
            onChange={(event) => setLines({ ...lines, credit: event.target.value })}
          />
        </>
      ) : null}
      <FieldError id={`${id}-action`} message={actionError} />
      {confirming ? (
        <ConfirmRemove
          id={`${id}-confirm`}
          question={PHOTO_TEXT.removeConfirm}
          labels={REMOVE_LABELS}
          removing={busy === "remove"}
          disabled={busy !== null}
          size="xs"
          removeButton={removeRef}
          onKeep={() => setConfirming(false)}
          onConfirm={() => void remove()}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="primary" size="xs" aria-disabled={!changed || busy !== null || undefined} onClick={() => changed && save()}>
            {busy === "save" ? PHOTO_TEXT.saving : PHOTO_TEXT.save}
          </Button>
          {position ? (
            <MoveButtons position={position} busy={busy !== null} refs={moveRefs} onMove={(direction) => void move(direction)} />
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

/** Earlier and later in the gallery; each names where the photo is now, as its number is only seen. */
function MoveButtons({
  position,
  busy,
  refs,
  onMove,
}: {
  position: Position;
  busy: boolean;
  refs: Record<Direction, RefObject<HTMLButtonElement | null>>;
  onMove: (direction: Direction) => void;
}) {
  const now = `(now ${position.index + 1} of ${position.count})`;
  const first = position.index === 0;
  const last = position.index === position.count - 1;
  return (
    <>
      <Button
        ref={refs.up}
        variant="secondary"
        size="xs"
        aria-disabled={first || busy || undefined}
        aria-label={`${PHOTO_TEXT.moveUp} ${now}`}
        onClick={() => !first && onMove("up")}
      >
        <span aria-hidden="true">↑</span> {PHOTO_TEXT.moveUp}
      </Button>
      <Button
        ref={refs.down}
        variant="secondary"
        size="xs"
        aria-disabled={last || busy || undefined}
        aria-label={`${PHOTO_TEXT.moveDown} ${now}`}
        onClick={() => !last && onMove("down")}
      >
        <span aria-hidden="true">↓</span> {PHOTO_TEXT.moveDown}
      </Button>
    </>
  );
}
