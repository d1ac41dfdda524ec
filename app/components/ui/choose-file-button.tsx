import { useId } from "react";
import { buttonClass } from "./button.tsx";

/**
 * A button that opens the file chooser: a label over a visually hidden input,
 * so it is a real, focusable file input (and one chosen before the app has
 * started is still seen).
 */
export function ChooseFileButton({
  label,
  accept,
  multiple = false,
  onFiles,
  primary = false,
  small = false,
  describedBy,
}: {
  label: string;
  /** The input's accept attribute: what the chooser offers (the server checks the bytes all the same). */
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  primary?: boolean;
  small?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const look = small ? buttonClass("secondary", "xs") : buttonClass(primary ? "primary" : "secondary");
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={accept}
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
        className={`${look} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M10 3a.75.75 0 0 1 .75.75v5.5h5.5a.75.75 0 0 1 0 1.5h-5.5v5.5a.75.75 0 0 1-1.5 0v-5.5h-5.5a.75.75 0 0 1 0-1.5h5.5v-5.5A.75.75 0 0 1 10 3Z" />
        </svg>
        {label}
      </label>
    </div>
  );
}
