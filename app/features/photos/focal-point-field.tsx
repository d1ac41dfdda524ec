import { useId, type MouseEvent } from "react";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { PHOTO_TEXT } from "./ui-text.ts";

/** "37" → 37; anything but a whole number from 0 to 100 → null. */
export function parseFocal(text: string): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= 0 && value <= 100 ? value : null;
}

/**
 * Where the photo's subject is. A click or tap on the preview sets it; the two
 * number fields do the same from a keyboard or screen reader (the preview is a
 * pointer shortcut only, hidden from assistive technology).
 */
export function FocalPointField({
  src,
  focalX,
  focalY,
  onChange,
  disabled = false,
}: {
  src: string;
  focalX: string;
  focalY: string;
  onChange: (x: string, y: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const x = parseFocal(focalX);
  const y = parseFocal(focalY);
  const invalid = x === null || y === null;
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    if (disabled) return;
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (value: number) => String(Math.min(100, Math.max(0, Math.round(value))));
    onChange(clamp(((event.clientX - box.left) / box.width) * 100), clamp(((event.clientY - box.top) / box.height) * 100));
  };
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">{PHOTO_TEXT.focalLegend}</legend>
      <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
        {PHOTO_TEXT.focalHint}
      </p>
      <div className="flex justify-center rounded-xl bg-stone-100 p-2 dark:bg-stone-800">
        <div className="relative inline-block">
          {/* A pointer shortcut only: the number fields below are the way for a keyboard or screen reader. */}
          <img
            src={src}
            alt=""
            aria-hidden="true"
            onClick={pick}
            draggable={false}
            className={`block max-h-64 w-auto max-w-full select-none rounded-lg ${disabled ? "" : "cursor-crosshair"}`}
            data-testid="focal-preview"
          />
          {invalid ? null : (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
              style={{ left: `${x}%`, top: `${y}%` }}
            >
              <span className="absolute left-1/2 top-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white" />
            </span>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(
          [
            ["x", PHOTO_TEXT.focalX, focalX, (value: string) => onChange(value, focalY)],
            ["y", PHOTO_TEXT.focalY, focalY, (value: string) => onChange(focalX, value)],
          ] as const
        ).map(([axis, label, value, change]) => (
          <div key={axis} className="space-y-1">
            <label htmlFor={`${id}-${axis}`} className="block text-xs font-medium text-stone-700 dark:text-stone-300">
              {label}
            </label>
            <input
              id={`${id}-${axis}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={value}
              disabled={disabled}
              onChange={(event) => change(event.target.value)}
              aria-invalid={parseFocal(value) === null ? true : undefined}
              aria-describedby={parseFocal(value) === null ? `${id}-error` : undefined}
              className={`${inputStyles} py-2`}
            />
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={invalid ? PHOTO_TEXT.focalInvalid : null} />
    </fieldset>
  );
}
