import type { Ref } from "react";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

/** What the fan still has to know after a sign-up: a mail to open, or a sign-up held for checking. */
export type SignUpNote = { kind: "confirm" | "held"; email: string };

function CheckMark({ panel }: { panel: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={panel ? "size-6 shrink-0" : "size-4 shrink-0"}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l3.73-5.24Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/**
 * SPEC's success words, in the grid cell the form shares. The region is always
 * in the page, so screen readers hear the message when it appears; it takes
 * the keyboard when the form had it.
 */
export function SuccessMessage({
  ref,
  shown,
  panel,
  success,
  note,
}: {
  ref: Ref<HTMLDivElement>;
  shown: boolean;
  panel: boolean;
  success: string;
  note: SignUpNote | null;
}) {
  return (
    <div ref={ref} role="status" tabIndex={-1} className="self-center outline-none [grid-area:1/1]">
      {shown ? (
        panel ? (
          <div className="mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 px-5 py-3 text-left text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            <CheckMark panel />
            <div>
              <p className="font-display text-xl font-semibold text-emerald-900 dark:text-emerald-100">{success}</p>
              <p className="text-sm">
                {note?.kind === "confirm" ? NEWSLETTER_TEXT.confirm(note.email) : "You'll be the first to hear about new music."}
              </p>
            </div>
          </div>
        ) : (
          <div className="text-sm text-emerald-700 dark:text-emerald-400">
            <p className="flex items-center gap-2 font-semibold">
              <CheckMark panel={false} />
              {success}
            </p>
            {note?.kind === "confirm" ? <p className="mt-1">{NEWSLETTER_TEXT.confirm(note.email)}</p> : null}
          </div>
        )
      ) : null}
    </div>
  );
}

/** Once the success words have gone (SPEC: after 3 s), what is still true stays, until the next sign-up. */
export function StillTrueNote({ note, panel }: { note: SignUpNote | null; panel: boolean }) {
  return (
    <div role="status" className={note ? (panel ? "mx-auto mt-4 max-w-md text-left" : "mt-3") : undefined}>
      {note ? (
        note.kind === "held" ? (
          <div className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            <p className="font-semibold">{NEWSLETTER_TEXT.heldTitle}</p>
            <p className="mt-1">{NEWSLETTER_TEXT.held(note.email)}</p>
          </div>
        ) : (
          <p className="text-sm text-stone-700 dark:text-stone-300">{NEWSLETTER_TEXT.confirmReminder(note.email)}</p>
        )
      ) : null}
    </div>
  );
}
