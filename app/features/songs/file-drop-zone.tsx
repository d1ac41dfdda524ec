import { useId, useState, type DragEvent } from "react";

/** A file input that also takes a dropped file; the label is the whole zone. */
export function FileDropZone({
  accept,
  label,
  hint,
  file,
  error,
  onFile,
}: {
  accept: string;
  label: string;
  hint: string;
  file: File | null;
  error: string | null;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors focus-within:outline-2 focus-within:outline-brand-500 ${
          dragging
            ? "border-brand-500 bg-brand-50 dark:bg-brand-800/20"
            : "border-stone-300 hover:border-brand-400 dark:border-stone-700"
        }`}
      >
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-stone-600 dark:text-stone-400">{hint}</span>
        {file ? (
          <span className="mt-2 rounded-full bg-stone-100 px-3 py-1 text-sm dark:bg-stone-800" data-testid="chosen-file">
            {file.name} · {(file.size / (1024 * 1024)).toFixed(1)} MB
          </span>
        ) : null}
        <input
          id={id}
          type="file"
          accept={accept}
          className="sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) onFile(chosen);
          }}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
