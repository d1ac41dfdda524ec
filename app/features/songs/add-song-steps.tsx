import type { Ref } from "react";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FileDropZone } from "./file-drop-zone.tsx";
import { useAudioUploadLimit } from "./audio-upload-limit.tsx";
import { audioHintText, isAudioTooLarge } from "./upload-rules.ts";
import { UPLOAD_TEXT } from "./ui-text.ts";
import type { Step } from "./wizard-reducer.ts";

const STEPS = ["Upload Audio", "Upload Cover", "Song Details"] as const;

/** A button that looks and announces itself disabled but can still be pressed, to say what is missing. */
export const softDisabled = "aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** The steps, one line each at any width: number above name on phones, beside it from sm up. */
export function StepList({ step }: { step: Step }) {
  return (
    <ol aria-label="Steps" className="grid grid-cols-3 gap-1 sm:gap-2">
      {STEPS.map((name, i) => {
        const number = (i + 1) as Step;
        const current = step === number;
        const done = step > number;
        return (
          <li
            key={name}
            aria-current={current ? "step" : undefined}
            className={`flex min-w-0 flex-col items-center gap-1.5 rounded-2xl px-1 py-2 text-center sm:flex-row sm:justify-center sm:gap-2 sm:rounded-full sm:px-3 ${
              current ? "bg-brand-50 dark:bg-brand-800/30" : ""
            }`}
          >
            <span
              className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-semibold tabular-nums ${
                current
                  ? "bg-brand-600 text-white dark:bg-brand-400 dark:text-stone-950"
                  : done
                    ? "bg-brand-100 text-brand-800 dark:bg-brand-800/60 dark:text-brand-100"
                    : "bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-400"
              }`}
            >
              {number}
            </span>{" "}
            <span
              className={`whitespace-nowrap text-xs font-semibold sm:text-sm ${
                current ? "text-brand-800 dark:text-brand-100" : "text-stone-600 dark:text-stone-400"
              }`}
            >
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

type FileStepProps = {
  file: File | null;
  error: string | undefined;
  onFile: (file: File) => void;
  onNext: () => void;
  inputRef: Ref<HTMLInputElement>;
};

/**
 * Next is announced as disabled until the step's file is there, yet pressing
 * it says what is missing instead of doing nothing.
 */
function NextButton({ ready, onNext }: { ready: boolean; onNext: () => void }) {
  return (
    <button type="button" className={`${buttonClass("primary")} ${softDisabled}`} aria-disabled={!ready} onClick={onNext}>
      Next
    </button>
  );
}

export function AudioStep({ file, error, onFile, onNext, inputRef }: FileStepProps) {
  const audioLimit = useAudioUploadLimit();
  return (
    <>
      <FileDropZone
        ref={inputRef}
        accept="audio/*"
        label="Drop an audio file here, or click to choose one"
        touchLabel="Tap to choose an audio file"
        hint={audioHintText(audioLimit)}
        file={file}
        error={error ?? null}
        errorHint={isAudioTooLarge(error) ? UPLOAD_TEXT.audioTooLargeHint : undefined}
        onFile={onFile}
      />
      <div className="flex justify-end">
        <NextButton ready={!!file} onNext={onNext} />
      </div>
    </>
  );
}

export function CoverStep({
  file,
  preview,
  error,
  onFile,
  onNext,
  onBack,
  inputRef,
}: FileStepProps & { preview: string | null; onBack: () => void }) {
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
        <FileDropZone
          ref={inputRef}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          label="Drop the cover art here, or click to choose it"
          touchLabel="Tap to choose the cover art"
          hint="JPG, PNG, WebP, AVIF or GIF, up to 5MB; square works best"
          file={file}
          error={error ?? null}
          onFile={onFile}
        />
        {preview ? (
          <img
            src={preview}
            alt="Chosen cover art"
            width={128}
            height={128}
            className="size-32 justify-self-center rounded-xl object-cover shadow"
          />
        ) : null}
      </div>
      <div className="flex justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <NextButton ready={!!file} onNext={onNext} />
      </div>
    </>
  );
}
