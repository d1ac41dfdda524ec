import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmRemove } from "#app/components/ui/confirm-remove.tsx";
import { FieldError } from "#app/components/ui/text-field.tsx";
import { AddPressFile } from "./add-press-file.tsx";
import type { PressFile } from "./press-file.ts";
import { pressFilePath } from "./press-paths.ts";
import { formatFileSize, PRESS_FILES_TEXT, PRESS_PAGE_TEXT } from "./ui-text.ts";

const PRESS_FILES_API = "/api/press-files";
const REMOVE_LABELS = { yes: PRESS_FILES_TEXT.removeYes, keep: PRESS_FILES_TEXT.removeNo, removing: PRESS_FILES_TEXT.removing };

function PressFileRow({ file }: { file: PressFile }) {
  const id = useId();
  const fetcher = useFetcher();
  const { addToast } = useToasts();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refused =
    typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === false
      ? ((answer as { error?: string }).error ?? PRESS_FILES_TEXT.unexpected)
      : null;
  useEffect(() => {
    if (typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === true)
      addToast(PRESS_FILES_TEXT.removed, "success");
  }, [answer, addToast]);

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <a href={pressFilePath(file.id, file.title)} className="font-semibold wrap-break-word underline-offset-4 hover:underline">
          {file.title}
        </a>
        <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_PAGE_TEXT.fileKind(formatFileSize(file.size))}</p>
        <FieldError id={`${id}-error`} message={refused} />
      </div>
      {confirming ? (
        <ConfirmRemove
          id={`${id}-confirm`}
          question={PRESS_FILES_TEXT.removeConfirm}
          labels={REMOVE_LABELS}
          removing={fetcher.state !== "idle"}
          size="xs"
          removeButton={removeButton}
          onKeep={() => setConfirming(false)}
          onConfirm={() => {
            void fetcher.submit({ intent: "remove", id: file.id }, { method: "post", action: PRESS_FILES_API });
            setConfirming(false);
          }}
        />
      ) : (
        <Button ref={removeButton} variant="danger" size="xs" onClick={() => setConfirming(true)}>
          {PRESS_FILES_TEXT.remove}
          <span className="sr-only"> {file.title}</span>
        </Button>
      )}
    </li>
  );
}

/** The press kit's PDFs in the Site area: the list, each removable, and a form to add one. */
export function PressFilesArea({ files }: { files: PressFile[] }) {
  const headingId = useId();
  return (
    <section
      id="section-press-files"
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900/60"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {PRESS_FILES_TEXT.title}
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{PRESS_FILES_TEXT.intro}</p>
      {files.length === 0 ? (
        <p className="mt-6 text-sm text-stone-600 dark:text-stone-400">{PRESS_FILES_TEXT.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
          {files.map((file) => (
            <PressFileRow key={file.id} file={file} />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <AddPressFile />
      </div>
    </section>
  );
}
