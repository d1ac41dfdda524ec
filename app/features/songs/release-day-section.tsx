import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import { toZonedLocal } from "#app/lib/time/zoned-time.ts";
import { RELEASE_DAY_TEXT, RELEASE_TEXT } from "./ui-text.ts";
import { dayStamp } from "./release-day-stamp.ts";

/** The release editor's answer, as far as this section reads it (the editor's own type lives with the editor). */
type EditorAnswer = {
  ok: boolean;
  intent?: string;
  target?: string;
  message?: string;
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

/** The day a release's coming tracks share, as the editor's loader found it. */
export type ComingDay = { at: number; timeZone: string; announce: boolean; trackCount: number };

/** The date-time field's value for an instant in a zone, to the second when it has seconds. */
function localValue(at: number, timeZone: string): string {
  const seconds = new Date(at).getUTCSeconds();
  return seconds === 0 ? toZonedLocal(at, timeZone) : `${toZonedLocal(at, timeZone)}:${String(seconds).padStart(2, "0")}`;
}

/**
 * A coming release's day in its editor (decision 023): when its tracks not out
 * yet come out, together; moved here, announced or not, or brought out now
 * after a second yes. Plain form posts, so it works before the app has
 * started and with JavaScript off; a refusal keeps what was typed.
 */
export function ReleaseDaySection({
  releaseId,
  title,
  coming,
  zones,
  mailOn,
}: {
  releaseId: string;
  title: string;
  /** Null once nothing is coming: then only what "Release now" just did is said. */
  coming: ComingDay | null;
  /** The zones offered: the server's list, so the page's first paint and the running app agree. */
  zones: readonly string[];
  mailOn: boolean;
}) {
  const answer = useActionData<EditorAnswer>();
  if (!coming) {
    const released = answer?.ok && answer.intent === "release-now" && answer.target === releaseId ? answer.message : null;
    return released ? (
      <p role="status" className="rounded-2xl bg-emerald-50 p-4 font-medium text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
        {released}
      </p>
    ) : null;
  }
  return <ComingDayForms releaseId={releaseId} title={title} coming={coming} zones={zones} mailOn={mailOn} answer={answer} />;
}

function ComingDayForms({
  releaseId,
  title,
  coming,
  zones,
  mailOn,
  answer,
}: {
  releaseId: string;
  title: string;
  coming: ComingDay;
  zones: readonly string[];
  mailOn: boolean;
  answer: EditorAnswer | undefined;
}) {
  const id = useId();
  const navigation = useNavigation();
  const sending = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const mine = answer && answer.target === releaseId && (answer.intent === "day" || answer.intent === "release-now") ? answer : null;
  const typed = mine && !mine.ok && mine.intent === "day" ? mine.values : undefined;
  const zone = typed?.releaseTimeZone ?? coming.timeZone;
  const when = `${formatDateTime(coming.at, coming.timeZone)} (${coming.timeZone.replaceAll("_", " ")})`;
  const fieldError = mine && !mine.ok ? mine.fields?.release : undefined;
  const errorId = `${id}-error`;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6 rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {RELEASE_DAY_TEXT.heading}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{RELEASE_DAY_TEXT.intro}</p>
        <p className="mt-3 font-medium">{RELEASE_DAY_TEXT.coming(when, coming.trackCount)}</p>
      </div>
      {/* Uncontrolled fields: what is typed before the app starts is what is sent. */}
      <Form method="post" preventScrollReset className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="day" />
        <input type="hidden" name="id" value={releaseId} />
        <input type="hidden" name="expectedDay" value={dayStamp(coming)} />
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium">
              {RELEASE_TEXT.atLabel}
            </label>
            <input
              id={`${id}-at`}
              type="datetime-local"
              name="releaseAt"
              step={1}
              defaultValue={typed?.releaseAt ?? localValue(coming.at, coming.timeZone)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              className={inputStyles}
            />
          </div>
          <div>
            <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium">
              {RELEASE_TEXT.zoneLabel}
            </label>
            <select id={`${id}-zone`} name="releaseTimeZone" defaultValue={zone} className={inputStyles}>
              {(zones.includes(zone) ? zones : [zone, ...zones]).map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </div>
          <FieldError id={errorId} message={fieldError} className="sm:col-span-2" />
        </div>
        <div className="flex items-start gap-3">
          <input
            id={`${id}-announce`}
            type="checkbox"
            name="announce"
            defaultChecked={mailOn && (typed ? typed.announce === "on" : coming.announce)}
            disabled={!mailOn}
            aria-describedby={`${id}-announce-hint`}
            className="mt-0.5 size-5 shrink-0 accent-brand-600 dark:accent-brand-400"
          />
          <div className="min-w-0">
            <label htmlFor={`${id}-announce`} className="block text-sm font-medium">
              {RELEASE_TEXT.announceLabel}
            </label>
            <p id={`${id}-announce-hint`} className="text-sm text-stone-600 dark:text-stone-400">
              {mailOn ? RELEASE_TEXT.announceHint : RELEASE_TEXT.announceOff}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4" aria-live="polite">
          <Button type="submit" variant="primary" aria-disabled={sending("day")}>
            {sending("day") ? RELEASE_DAY_TEXT.saving : RELEASE_DAY_TEXT.save}
          </Button>
          {mine ? (
            <p
              role={mine.ok ? "status" : "alert"}
              className={`text-sm font-medium ${mine.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
            >
              {mine.ok ? mine.message : fieldError ? RELEASE_DAY_TEXT.seeField : mine.error}
            </p>
          ) : null}
        </div>
      </Form>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-700 dark:text-brand-300">
          {RELEASE_DAY_TEXT.releaseNowSummary}
        </summary>
        <Form method="post" preventScrollReset className="mt-3 space-y-3 rounded-xl bg-stone-100 p-4 dark:bg-stone-900">
          <input type="hidden" name="intent" value="release-now" />
          <input type="hidden" name="id" value={releaseId} />
          <p className="text-sm">{RELEASE_DAY_TEXT.releaseNowQuestion(title)}</p>
          <Button type="submit" variant="primary" size="sm" aria-disabled={sending("release-now")}>
            {sending("release-now") ? RELEASE_DAY_TEXT.releasing : RELEASE_DAY_TEXT.releaseNowYes}
          </Button>
        </Form>
      </details>
    </section>
  );
}
