import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { WireAnswer } from "#app/lib/http/wire.ts";
import { formatDate, isoDate } from "#app/lib/time/format-date.ts";
import type { Subscriber } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

export const SUBSCRIBERS_API = "/api/subscribers";

/** One address, with Remove (after a confirm); once removed, a line saying so, with Undo. */
export function SubscriberRow({
  subscriber,
  domId,
  timeZone,
  removed,
  onRemoved,
}: {
  subscriber: Subscriber;
  domId: string;
  timeZone: string | undefined;
  removed: boolean;
  onRemoved: (removed: boolean) => void;
}) {
  const fetcher = useFetcher<WireAnswer<{ email: string }>>();
  const { addToast } = useToasts();
  const asked = useRef<"remove" | "restore" | null>(null);
  const row = useRef<HTMLLIElement>(null);
  const refocus = useRef(false);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const intent = asked.current;
    if (busy || !fetcher.data || !intent) return;
    asked.current = null;
    if (!fetcher.data.success) {
      addToast(`${NEWSLETTER_TEXT.removeFailed}: ${fetcher.data.error ?? NEWSLETTER_TEXT.failed}`, "error");
      return;
    }
    refocus.current = true;
    onRemoved(intent === "remove");
    if (intent === "restore") addToast(NEWSLETTER_TEXT.restored(subscriber.email), "success");
  }, [busy, fetcher.data, onRemoved, addToast, subscriber.email]);

  // The button pressed is gone: the keyboard goes to the one in its place, once the row shows it
  // (a frame is not always enough on a busy phone, and focus on a button about to go is lost).
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    row.current?.querySelector<HTMLElement>("button")?.focus();
  }, [removed]);

  const submit = (intent: "remove" | "restore") => {
    if (busy) return;
    asked.current = intent;
    void fetcher.submit({ intent, id: subscriber.id }, { method: "post", action: SUBSCRIBERS_API, defaultShouldRevalidate: false });
  };

  return (
    <li ref={row} id={domId} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-5">
      {removed ? (
        <>
          <span role="status" className="min-w-0 break-all text-sm text-stone-600 dark:text-stone-400">
            {NEWSLETTER_TEXT.removed(subscriber.email)}
          </span>
          <Button
            aria-disabled={busy || undefined}
            onClick={() => submit("restore")}
            variant="quiet"
            size="xs"
            aria-label={`${NEWSLETTER_TEXT.undo}: ${subscriber.email}`}
          >
            {NEWSLETTER_TEXT.undo}
          </Button>
        </>
      ) : (
        <>
          <span className="min-w-0 flex-1 break-all font-medium">{subscriber.email}</span>
          <span className="flex shrink-0 items-center gap-3">
            <time dateTime={isoDate(subscriber.timestamp)} className="text-sm text-stone-600 dark:text-stone-400">
              {formatDate(subscriber.timestamp, timeZone)}
            </time>
            <Button
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy && window.confirm(NEWSLETTER_TEXT.confirmRemove(subscriber.email))) submit("remove");
              }}
              variant="danger"
              size="xs"
              aria-label={`${busy ? NEWSLETTER_TEXT.removing : NEWSLETTER_TEXT.remove}: ${subscriber.email}`}
            >
              {busy ? NEWSLETTER_TEXT.removing : NEWSLETTER_TEXT.remove}
            </Button>
          </span>
        </>
      )}
    </li>
  );
}
