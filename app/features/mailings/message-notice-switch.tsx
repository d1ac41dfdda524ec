import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { MailCard } from "./mail-card.tsx";
import type { MailAreaResult } from "./mail-area.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { MAILING_TEXT } from "./ui-text.ts";

/** On or off with one press: a switch that saves at once and says so. */
export function MessageNoticeSwitch({ enabled, mailOn }: { enabled: boolean; mailOn: boolean }) {
  const fetcher = useFetcher<FormAnswer<MailAreaResult>>();
  const { addToast } = useToasts();
  const pending = fetcher.formData?.get("enabled");
  const on = pending === undefined || pending === null ? enabled : pending === "on";
  const handled = useRef<FormAnswer<MailAreaResult> | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    addToast(answer.ok ? answer.message : answer.error, answer.ok ? "success" : "error");
  }, [fetcher.data, fetcher.state, addToast]);
  return (
    <MailCard labelledBy="notice-heading">
      <h2 id="notice-heading" className="text-xl font-semibold">
        {MAILING_TEXT.noticeTitle}
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4">
        <div>
          <p id="notice-label" className="font-medium">
            {MAILING_TEXT.noticeLabel}
          </p>
          <p id="notice-hint" className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {mailOn ? MAILING_TEXT.noticeHint : MAILING_TEXT.noticeWaits}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="notice-label"
          aria-describedby="notice-hint"
          onClick={() => fetcher.submit({ intent: "notify", enabled: on ? "off" : "on" }, { method: "post" })}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            on ? "bg-brand-600 dark:bg-brand-500" : "bg-stone-300 dark:bg-stone-700"
          }`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-1"}`}
          />
        </button>
      </div>
    </MailCard>
  );
}
