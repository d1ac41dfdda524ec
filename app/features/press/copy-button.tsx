import { useEffect, useState } from "react";
import { copyToClipboard } from "#app/components/clipboard.ts";
import { Button } from "#app/components/ui/button.tsx";
import { PRESS_PAGE_TEXT } from "./ui-text.ts";

/** How long the button says "Copied" before it offers to copy again. */
const SAID_FOR_MS = 2500;

/**
 * Copies `text` (a bio, as plain text). A button, so Enter and Space work; it
 * says "Copied" where the eye is and in a live region for a screen reader, and
 * when the browser refuses, says how to copy by hand.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div className="flex flex-col items-end gap-1 print:hidden">
      <Button
        variant="secondary"
        size="sm"
        aria-label={state === "copied" ? `${PRESS_PAGE_TEXT.copied}: ${what}` : PRESS_PAGE_TEXT.copyLabel(what)}
        onClick={async () => setState((await copyToClipboard(text)) ? "copied" : "failed")}
      >
        <CopyIcon done={state === "copied"} />
        {state === "copied" ? PRESS_PAGE_TEXT.copied : PRESS_PAGE_TEXT.copy}
      </Button>
      <span role="status" className={state === "failed" ? "max-w-56 text-right text-xs text-red-700 dark:text-red-400" : "sr-only"}>
        {state === "copied" ? PRESS_PAGE_TEXT.copied : state === "failed" ? PRESS_PAGE_TEXT.copyFailed : ""}
      </span>
    </div>
  );
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      {done ? (
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      ) : (
        <path d="M7 3.5A1.5 1.5 0 0 1 8.5 2h6A1.5 1.5 0 0 1 16 3.5v9a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 7 12.5v-9ZM4 6.5a1.5 1.5 0 0 1 1.5-1.5H6v8.5A2.5 2.5 0 0 0 8.5 16H13v.5a1.5 1.5 0 0 1-1.5 1.5h-6A1.5 1.5 0 0 1 4 16.5v-10Z" />
      )}
    </svg>
  );
}
