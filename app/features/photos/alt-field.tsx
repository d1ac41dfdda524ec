import { useId, type Ref } from "react";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { MAX_ALT_LENGTH } from "#app/domain/photo.ts";
import { PHOTO_TEXT } from "./ui-text.ts";

/** A photo's description for people who cannot see it: required, with its error under it. */
export function AltField({
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
