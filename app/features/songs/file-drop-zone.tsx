import { useId, useState, type DragEvent, type Ref } from "react";

type FileDropZoneProps = {
  accept: string;
  /** What to do, worded for a mouse: drop or click. */
  label: string;
  /** The same for a touch screen, where nothing can be dropped. */
  touchLabel: string;
  hint: string;
  file: File | null;
  error: string | null;
  /** A line beside the error saying how to put it right (a file too large: export it smaller). */
  errorHint?: string | undefined;
  onFile: (file: File) => void;
  ref?: Ref<HTMLInputElement>;
};

/** "3.8 MB", or "240 KB" for a small file rather than "0.2 MB". */
function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A file input that also takes a dropped file; the label is the whole zone.
 * The input is named by the zone's instruction and described by its hint and
 * error, and marked invalid while the error shows.
 */
export function FileDropZone({ accept, label, touchLabel, hint, file, error, errorHint, onFile, ref }: FileDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  const describedBy = [`${id}-hint`, file ? `${id}-file` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const fileText = file ? `${file.name} · ${formatSize(file.size)}` : null;
  return (
    <div className="min-w-0">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-w-0 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 sm:px-6 sm:py-10 ${
          error
            ? "border-red-400 dark:border-red-700"
            : dragging
              ? "border-brand-500 bg-brand-50 dark:bg-brand-800/20"
              : "border-stone-300 hover:border-brand-400 dark:border-stone-700"
        }`}
      >
        {/* CSS picks the wording, so server and browser render the same and a
            hybrid device follows its primary pointer. The hidden variant is
            display:none, so it is left out of the input's name too. */}
        <span id={`${id}-label`} className="font-semibold">
          <span className="pointer-coarse:hidden">{label}</span>
          <span className="hidden pointer-coarse:inline">{touchLabel}</span>
        </span>
        <span id={`${id}-hint`} className="text-balance text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </span>
        {fileText ? (
          <span
            id={`${id}-file`}
            className="mt-2 max-w-full truncate rounded-full bg-stone-100 px-3 py-1 text-sm dark:bg-stone-800"
            data-testid="chosen-file"
            title={fileText}
          >
            {fileText}
          </span>
        ) : null}
        <input
          ref={ref}
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) onFile(chosen);
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
          {errorHint ? <span className="mt-1 block font-normal text-stone-700 dark:text-stone-300">{errorHint}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
