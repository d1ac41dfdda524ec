import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { MailingSummary } from "./mailings.server.ts";

/** When a mailing went out and by whom, and how far its sending has got. */
export function SentProgress({ mailing }: { mailing: MailingSummary }) {
  const progress = mailing.progress ?? { sent: 0, failed: 0, left: 0 };
  const total = progress.sent + progress.failed + progress.left;
  const done = total === 0 ? 1 : (progress.sent + progress.failed) / total;
  return (
    <div className="mt-1 space-y-2 text-sm text-stone-600 dark:text-stone-400">
      <p>
        Sent {formatDateTime(mailing.sentAt)} by {mailing.updatedBy}
      </p>
      <div
        role="progressbar"
        aria-label={`Progress of ${mailing.subject}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={progress.sent + progress.failed}
        className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
      >
        <div className="h-full bg-brand-600 dark:bg-brand-400" style={{ width: `${Math.round(done * 100)}%` }} />
      </div>
      <p data-testid="mailing-progress">
        {progress.sent.toLocaleString("en")} sent · {progress.failed.toLocaleString("en")} failed · {progress.left.toLocaleString("en")}{" "}
        left
      </p>
    </div>
  );
}
