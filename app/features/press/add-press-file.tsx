import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ChooseFileButton } from "#app/components/ui/choose-file-button.tsx";
import { FieldError, TextField } from "#app/components/ui/text-field.tsx";
import { uploadWithProgress } from "#app/lib/uploads/upload-with-progress.ts";
import { checkPressFile, PDF_SNIFF_BYTES } from "./pdf-rules.ts";
import { formatFileSize, MAX_PRESS_FILE_TITLE, PRESS_FILES_TEXT } from "./ui-text.ts";

const errorOf = (body: unknown): string | null =>
  typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string"
    ? (body as { error: string }).error
    : null;

type Problems = { title?: string; file?: string; upload?: string };

/**
 * Adds one PDF with its title. The browser checks what it can first (a title,
 * a PDF by its first bytes, the size) and the server checks it all again; a
 * refusal keeps the title and the chosen file, so nothing is typed twice.
 */
export function AddPressFile() {
  const id = useId();
  const revalidator = useRevalidator();
  const { addToast } = useToasts();
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const choose = async (chosen: File) => {
    const head = new Uint8Array(await chosen.slice(0, PDF_SNIFF_BYTES).arrayBuffer());
    const problem = checkPressFile(chosen, head);
    setFile(problem ? null : chosen);
    setProblems((current) => ({ ...current, file: problem ?? undefined, upload: undefined }));
  };

  const add = async () => {
    if (busy) return;
    const found: Problems = {
      title: title.trim() ? undefined : PRESS_FILES_TEXT.titleRequired,
      file: file ? undefined : (problems.file ?? PRESS_FILES_TEXT.noFile),
    };
    setProblems(found);
    if (found.title || found.file || !file) {
      document.getElementById(found.title ? `${id}-title` : `${id}-choose`)?.focus();
      return;
    }
    setProgress(0);
    try {
      const query = new URLSearchParams({ title: title.trim(), name: file.name });
      const { status, body } = await uploadWithProgress(`/api/uploads/press?${query.toString()}`, file, {
        onProgress: setProgress,
        connectionLost: PRESS_FILES_TEXT.connectionLost,
      });
      if (status !== 201) throw new Error(errorOf(body) ?? `The server answered ${status}`);
      setTitle("");
      setFile(null);
      addToast(PRESS_FILES_TEXT.added, "success");
      await revalidator.revalidate();
    } catch (error) {
      setProblems({ upload: PRESS_FILES_TEXT.failed + (error instanceof Error ? error.message : PRESS_FILES_TEXT.unexpected) });
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      noValidate
      aria-label={PRESS_FILES_TEXT.add}
      className="grid gap-4 rounded-2xl border border-dashed border-stone-300 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start dark:border-stone-700"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <TextField
        id={`${id}-title`}
        label={PRESS_FILES_TEXT.titleLabel}
        hint={PRESS_FILES_TEXT.titleHint}
        value={title}
        maxLength={MAX_PRESS_FILE_TITLE}
        error={problems.title}
        autoComplete="off"
        onChange={(event) => {
          setTitle(event.target.value);
          setProblems((current) => ({ ...current, title: undefined }));
        }}
      />
      <div className="space-y-1.5 sm:pt-7">
        <div id={`${id}-choose`} tabIndex={-1} className="outline-none">
          <ChooseFileButton
            label={PRESS_FILES_TEXT.choose}
            accept="application/pdf,.pdf"
            describedBy={problems.file ? `${id}-file-error` : undefined}
            onFiles={([chosen]) => chosen && void choose(chosen)}
          />
        </div>
        {file ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{PRESS_FILES_TEXT.chosen(file.name, formatFileSize(file.size))}</p>
        ) : null}
        <FieldError id={`${id}-file-error`} message={problems.file} />
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" variant="primary" size="sm" aria-disabled={busy || undefined}>
          {busy ? `${PRESS_FILES_TEXT.adding} ${progress}%` : PRESS_FILES_TEXT.add}
        </Button>
        <FieldError id={`${id}-upload-error`} message={problems.upload} />
      </div>
    </form>
  );
}
