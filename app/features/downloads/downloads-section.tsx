import { useEffect, useId } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { CURRENCIES, DOWNLOAD_ACCESS, DOWNLOAD_FORMATS, FORMAT_NAMES, minorUnits, type ReleaseOffer } from "./offer.ts";
import type { DownloadAccess } from "#app/lib/db/db-schema.ts";
import { fileSize, type DayCount, type ZipStates } from "./download-views.ts";
import { OFFER_TEXT } from "./ui-text.ts";

/** While a file is being made, the editor looks again this often, so its progress and its end show without a reload. */
const LOOK_AGAIN_MS = 3_000;

/** The release editor's answer, as far as this section reads it. */
type EditorAnswer = {
  ok: boolean;
  intent?: string;
  message?: string;
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

/** A suggested amount as the field shows it again: 700 → "7.00". */
const amountText = (amount: number | null, currency: string) =>
  amount === null ? "" : (amount / 10 ** minorUnits(currency)).toFixed(minorUnits(currency));

/**
 * The release editor's Downloads part (decision 028): how fans take the
 * release home, the formats, the suggested amount; how each file stands; and
 * the downloads and redemptions per day. A plain form post, so it works before
 * the app has started; a refusal keeps what was chosen.
 */
export function DownloadsSection({
  releaseId,
  offer,
  states,
  counts,
  mailOn,
  supportSet,
}: {
  releaseId: string;
  offer: ReleaseOffer;
  states: ZipStates;
  counts: DayCount[];
  mailOn: boolean;
  /** Whether the Site area's Support part names a way to pay. */
  supportSet: boolean;
}) {
  const id = useId();
  const answer = useActionData<EditorAnswer>();
  const mine = answer?.intent === "downloads" ? answer : null;
  const retried = answer?.intent === "downloads-retry" ? answer : null;
  const typed = mine && !mine.ok ? mine.values : undefined;
  const fields = mine && !mine.ok ? (mine.fields ?? {}) : {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "downloads";
  const retrying = navigation.state === "submitting" && navigation.formData?.get("intent") === "downloads-retry";
  // Every field here is uncontrolled, so a fresh look keeps what the artist has typed or chosen meanwhile.
  const { state: looking, revalidate } = useRevalidator();
  const makingFiles = Object.values(states).some((state) => state.state === "preparing");
  const idle = navigation.state === "idle" && looking === "idle";
  useEffect(() => {
    if (!makingFiles || !idle) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, LOOK_AGAIN_MS);
    return () => clearInterval(timer);
  }, [makingFiles, idle, revalidate]);
  const access = (typed?.access as DownloadAccess | undefined) ?? offer.access;
  const chosen = (format: string) => (typed ? typed[`format-${format}`] === "on" : offer.formats.includes(format as never));
  const totals = counts.reduce(
    (sum, day) => ({ downloads: sum.downloads + day.downloads, redemptions: sum.redemptions + day.redemptions }),
    {
      downloads: 0,
      redemptions: 0,
    },
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6 rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {OFFER_TEXT.heading}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{OFFER_TEXT.intro}</p>
      </div>
      <Form method="post" preventScrollReset noValidate className="group space-y-6">
        <input type="hidden" name="intent" value="downloads" />
        <input type="hidden" name="id" value={releaseId} />
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">{OFFER_TEXT.accessLegend}</legend>
          {DOWNLOAD_ACCESS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-stone-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950/40"
            >
              <input
                type="radio"
                name="access"
                value={value}
                defaultChecked={access === value}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium">{OFFER_TEXT.access[value].label}</span>
                <span className="block text-sm text-stone-600 dark:text-stone-400">
                  {OFFER_TEXT.access[value].hint}
                  {value === "email" && !mailOn ? ` ${OFFER_TEXT.emailNeedsMail}` : ""}
                </span>
              </span>
            </label>
          ))}
          <FieldError id={`${id}-access-error`} message={fields.access} />
        </fieldset>
        <fieldset className="space-y-2" aria-describedby={`${id}-formats-hint${fields.formats ? ` ${id}-formats-error` : ""}`}>
          <legend className="mb-2 text-sm font-medium">{OFFER_TEXT.formatsLegend}</legend>
          <div className="flex flex-wrap gap-3">
            {DOWNLOAD_FORMATS.map((format) => (
              <label
                key={format}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-stone-200 px-3 py-2 dark:border-stone-700"
              >
                <input
                  type="checkbox"
                  name={`format-${format}`}
                  defaultChecked={chosen(format)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                <span>
                  <span className="font-medium">{FORMAT_NAMES[format].label}</span>{" "}
                  <span className="text-sm text-stone-600 dark:text-stone-400">{FORMAT_NAMES[format].detail}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-formats-error`} message={fields.formats} />
          <p id={`${id}-formats-hint`} className="text-sm text-stone-600 dark:text-stone-400">
            {OFFER_TEXT.flacHint}
          </p>
        </fieldset>
        {/* Shown by CSS while "Name their price" is chosen: it answers a tap before the app has started. */}
        <div className="hidden grid-cols-[minmax(0,1fr)] gap-4 group-has-[input[value=pay]:checked]:grid sm:grid-cols-[minmax(0,12rem)_minmax(0,8rem)]">
          <div>
            <label htmlFor={`${id}-suggested`} className="mb-1 block text-sm font-medium">
              {OFFER_TEXT.suggested}
            </label>
            <input
              id={`${id}-suggested`}
              name="suggested"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={typed?.suggested ?? amountText(offer.suggestedAmount, offer.currency)}
              aria-invalid={fields.suggested ? true : undefined}
              aria-describedby={`${id}-suggested-hint${fields.suggested ? ` ${id}-suggested-error` : ""}`}
              className={inputStyles}
            />
            <FieldError id={`${id}-suggested-error`} message={fields.suggested} />
            <p id={`${id}-suggested-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              {OFFER_TEXT.suggestedHint}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-currency`} className="mb-1 block text-sm font-medium">
              {OFFER_TEXT.currency}
            </label>
            <select id={`${id}-currency`} name="currency" defaultValue={typed?.currency ?? offer.currency} className={inputStyles}>
              {CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </div>
          {!supportSet ? <p className="text-sm text-amber-800 sm:col-span-2 dark:text-amber-300">{OFFER_TEXT.supportMissing}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-4" aria-live="polite">
          <Button type="submit" variant="primary" aria-disabled={saving}>
            {saving ? OFFER_TEXT.saving : OFFER_TEXT.save}
          </Button>
          {mine ? (
            <p
              role={mine.ok ? "status" : "alert"}
              className={mine.ok ? "text-sm text-emerald-700 dark:text-emerald-400" : "text-sm text-red-700 dark:text-red-400"}
            >
              {mine.ok ? mine.message : mine.error}
            </p>
          ) : null}
        </div>
      </Form>
      {/* Download codes make the files too, whatever the page offers. */}
      {offer.access !== "stream" || Object.keys(states).length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">{OFFER_TEXT.statesHeading}</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {offer.formats.map((format) => {
              const state = states[format];
              if (offer.access === "stream" && !state) return null;
              return (
                <li key={format} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{FORMAT_NAMES[format].label}</span>
                  <span className="text-stone-600 dark:text-stone-400">
                    {!state || state.state === "preparing"
                      ? state?.percent !== undefined
                        ? OFFER_TEXT.preparingPercent(state.percent)
                        : OFFER_TEXT.preparing
                      : state.state === "ready"
                        ? OFFER_TEXT.ready(fileSize(state.bytes))
                        : OFFER_TEXT.failed(state.reason)}
                  </span>
                  {state?.state === "failed" && state.retryable ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="downloads-retry" />
                      <input type="hidden" name="id" value={releaseId} />
                      <input type="hidden" name="format" value={format} />
                      <Button
                        type="submit"
                        size="xs"
                        aria-disabled={retrying}
                        onClick={(event) => {
                          if (retrying) event.preventDefault();
                        }}
                      >
                        {OFFER_TEXT.retry}
                        <span className="sr-only"> ({FORMAT_NAMES[format].label})</span>
                      </Button>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <div aria-live="polite">
            {retried ? (
              <p
                role={retried.ok ? "status" : "alert"}
                className={
                  retried.ok ? "mt-2 text-sm text-emerald-700 dark:text-emerald-400" : "mt-2 text-sm text-red-700 dark:text-red-400"
                }
              >
                {retried.ok ? retried.message : retried.error}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      <div>
        <h3 className="text-sm font-semibold">{OFFER_TEXT.countsHeading}</h3>
        {counts.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{OFFER_TEXT.countsNone}</p>
        ) : (
          <>
            <p className="mt-2 text-sm">{OFFER_TEXT.countsTotal(totals.downloads, totals.redemptions)}</p>
            <table className="mt-2 w-full max-w-md text-left text-sm">
              <thead className="text-stone-600 dark:text-stone-400">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    {OFFER_TEXT.countsDay}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {OFFER_TEXT.countsDownloads}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {OFFER_TEXT.countsRedemptions}
                  </th>
                </tr>
              </thead>
              <tbody>
                {counts.map((day) => (
                  <tr key={day.day} className="border-t border-stone-200 dark:border-stone-800">
                    <td className="py-1 tabular-nums">{day.day}</td>
                    <td className="py-1 text-right tabular-nums">{day.downloads}</td>
                    <td className="py-1 text-right tabular-nums">{day.redemptions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
    </section>
  );
}
