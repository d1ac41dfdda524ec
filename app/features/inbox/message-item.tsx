import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { errorOf, isRecord } from "#app/components/paged-list/list-page.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { WireAnswer } from "#app/lib/http/wire.ts";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import { displayName, type MessageIntent, type MessageRow } from "./inbox-message.ts";
import { INBOX_TEXT } from "./ui-text.ts";

export const INBOX_API = "/api/messages";
const DELETE_CONFIRMATION = "Are you sure you want to delete this message?";

/** The API's answer to a mutation; a 401/403 `{ error }` counts as a failure with its message. */
function outcomeOf(data: unknown): WireAnswer {
  return isRecord(data) && data.success === true ? { success: true } : { success: false, error: errorOf(data, INBOX_TEXT.unexpected) };
}

/** One message, with Mark as Read while unread and Delete (after a confirm), each posted on its own. */
export function MessageItem({
  row,
  domId,
  timeZone,
  onStart,
  onSettled,
}: {
  row: MessageRow;
  domId: string;
  timeZone: string | undefined;
  onStart: (id: string, intent: MessageIntent) => void;
  onSettled: (id: string, intent: MessageIntent, outcome: WireAnswer) => void;
}) {
  const { message, pending, hidden } = row;
  const fetcher = useFetcher();
  // The fetcher forgets its form data once idle; the answer's handler needs to know what was asked.
  const asked = useRef<MessageIntent | null>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const name = displayName(message);
  const unread = message.status === "unread";

  useEffect(() => {
    const intent = asked.current;
    if (fetcher.state !== "idle" || fetcher.data === undefined || !intent) return;
    asked.current = null;
    onSettled(message.id, intent, outcomeOf(fetcher.data));
  }, [fetcher.state, fetcher.data, message.id, onSettled]);

  const busy = pending !== null;
  const submit = (intent: MessageIntent) => {
    if (busy) return;
    asked.current = intent;
    onStart(message.id, intent);
    // The area keeps its own list, so the dashboard's loaders need not run again.
    void fetcher.submit({ intent, id: message.id }, { method: "post", action: INBOX_API, defaultShouldRevalidate: false });
  };

  // A row being deleted stays mounted (its fetcher is waiting for the answer) but shows nothing.
  if (hidden) return null;

  return (
    <li>
      <article
        id={domId}
        tabIndex={-1}
        aria-labelledby={`${domId}-name`}
        className={`rounded-2xl border p-4 sm:p-5 ${
          unread
            ? "border-brand-300 border-l-4 border-l-brand-600 bg-brand-50 dark:border-brand-800 dark:border-l-brand-400 dark:bg-brand-800/15"
            : "border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900"
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h3 id={`${domId}-name`} className={`break-words ${unread ? "font-bold" : "font-semibold"}`}>
              {name}
            </h3>
            {message.email ? (
              <a
                href={`mailto:${message.email}`}
                className="text-sm break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {message.email}
              </a>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-400">
            {unread ? (
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold uppercase tracking-wider text-white dark:bg-brand-500 dark:text-stone-950">
                Unread
              </span>
            ) : null}
            <time dateTime={isoDate(message.timestamp)}>{formatDateTime(message.timestamp, timeZone)}</time>
          </div>
        </div>
        {/* Plain text with its line breaks kept; React escapes it, so it can never become markup. */}
        <p className="mt-3 whitespace-pre-wrap [overflow-wrap:anywhere] text-stone-800 dark:text-stone-200">{message.message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          {unread ? (
            <Button
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                submit("mark-read");
                // The button goes away once read; keep the keyboard in this message.
                deleteButton.current?.focus();
              }}
              // The name starts with the visible words, so saying "Mark as Read" reaches it (WCAG 2.5.3).
              aria-label={`Mark as Read: message from ${name}`}
              variant="strong"
              size="sm"
            >
              Mark as Read
            </Button>
          ) : null}
          <Button
            ref={deleteButton}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy && window.confirm(DELETE_CONFIRMATION)) submit("delete");
            }}
            aria-label={`Delete: message from ${name}`}
            variant="danger"
            size="sm"
          >
            Delete
          </Button>
        </div>
      </article>
    </li>
  );
}
