import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { formatDate, formatDateTime } from "#app/lib/time/format-date.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import type { CodesAreaResult } from "./codes-action.server.ts";
import type { BatchState, BatchView } from "./codes.server.ts";
import { CODES_TEXT } from "./codes-ui-text.ts";

const STATE_STYLES: Record<BatchState, string> = {
  live: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
  ended: "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  usedUp: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200",
};
const STATE_WORDS: Record<BatchState, string> = {
  live: CODES_TEXT.stateLive,
  ended: CODES_TEXT.stateEnded,
  expired: CODES_TEXT.stateExpired,
  usedUp: CODES_TEXT.stateUsedUp,
};

/** Every batch, newest first: what it was made as, how it has been used, and ending it (or undoing that). */
export function CodeBatchList({ batches, answer }: { batches: BatchView[]; answer: FormAnswer<CodesAreaResult> | null }) {
  if (batches.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">{CODES_TEXT.noBatches}</p>;
  return (
    <ul className="space-y-4" aria-label={CODES_TEXT.listHeading}>
      {batches.map((batch) => (
        <BatchRow key={batch.id} batch={batch} answer={answer && answer.target === batch.id && answer.intent !== "make" ? answer : null} />
      ))}
    </ul>
  );
}

function BatchRow({ batch, answer }: { batch: BatchView; answer: FormAnswer<CodesAreaResult> | null }) {
  const timeZone = useVisitorTimeZone();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("batchId") === batch.id;
  const step = batch.state === "ended" ? "restore" : batch.state === "live" ? "end" : null;
  return (
    <li className="space-y-3 rounded-2xl border border-stone-200 p-4 sm:p-5 dark:border-stone-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold wrap-break-word">{batch.releaseTitle}</p>
          {batch.note ? <p className="text-sm wrap-break-word text-stone-600 dark:text-stone-400">{batch.note}</p> : null}
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_STYLES[batch.state]}`}>{STATE_WORDS[batch.state]}</span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
        <li>{CODES_TEXT.batchCodes(batch.count, batch.usesPerCode)}</li>
        <li>{CODES_TEXT.batchRedeemed(batch.redemptions)}</li>
        <li>{CODES_TEXT.batchUsesLeft(batch.usesLeft)}</li>
        <li>{batch.expiresAt !== null ? CODES_TEXT.batchUntil(formatDateTime(batch.expiresAt, timeZone)) : CODES_TEXT.batchNoEnd}</li>
        <li>{CODES_TEXT.batchMade(formatDate(batch.createdAt, timeZone))}</li>
      </ul>
      {step ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={step} />
          <input type="hidden" name="batchId" value={batch.id} />
          <Button type="submit" variant={step === "end" ? "danger" : "secondary"} size="sm" aria-disabled={busy}>
            {step === "end" ? CODES_TEXT.end : CODES_TEXT.restore}
          </Button>
        </Form>
      ) : null}
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={`text-sm font-medium ${answer.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
        >
          {answer.ok ? answer.message : answer.error}
        </p>
      ) : null}
    </li>
  );
}
