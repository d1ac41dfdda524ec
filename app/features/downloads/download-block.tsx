import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { FormGuardFields } from "#app/components/ui/form-guard-fields.tsx";
import type { SupportWords } from "#app/domain/site/site-config-schema.ts";
import { FORMAT_NAMES, formatAmount, type ReleaseOffer } from "./offer.ts";
import { FAN_TEXT } from "./ui-text.ts";

/** The release page's answer to one of these forms, as far as this block reads it. */
export type DownloadAnswer = {
  ok: boolean;
  intent?: string;
  error?: string;
  email?: string;
  outcome?: string;
  download?: string;
};

/** The words of the e-mail form, which its consent record keeps (newsletter's NEWSLETTER_FORMS.download). */
type ConsentWords = { heading: string; text: string; button: string };

const formatList = (offer: ReleaseOffer) => offer.formats.map((format) => FORMAT_NAMES[format].label).join(", ");

/**
 * How a fan takes the release home (decision 028), as the artist chose: a
 * free download, one for an e-mail address, or name-your-price with the
 * artist's payment links, on trust. Plain form posts: a tap before the app has
 * started is sent as it is; the free and paid ways go to the download page.
 */
export function DownloadBlock({
  offer,
  support,
  formStarted,
  consentWords,
  page,
  answer,
}: {
  offer: ReleaseOffer;
  support: SupportWords | null;
  formStarted: string;
  consentWords: ConsentWords;
  /** The release page's path, which the consent record keeps. */
  page: string;
  answer: DownloadAnswer | undefined;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("download-");
  const mine = answer?.intent?.startsWith("download-") ? answer : undefined;
  const refusal = mine && !mine.ok ? mine.error : undefined;
  const heading = offer.access === "pay" ? FAN_TEXT.payHeading : offer.access === "email" ? consentWords.heading : FAN_TEXT.heading;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-3xl border border-stone-200 bg-white p-6 sm:p-8 print:hidden dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-semibold">
        {heading}
      </h2>
      {offer.access === "free" ? (
        <Form method="post" preventScrollReset className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="download-free" />
          <p className="text-stone-600 dark:text-stone-400">{FAN_TEXT.freeText(formatList(offer))}</p>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {busy ? FAN_TEXT.opening : FAN_TEXT.freeButton}
          </Button>
        </Form>
      ) : offer.access === "pay" ? (
        <div className="mt-3 space-y-4">
          <p className="text-stone-600 dark:text-stone-400">{FAN_TEXT.payText(formatList(offer))}</p>
          {offer.suggestedAmount !== null ? (
            <p className="text-lg font-semibold">{FAN_TEXT.suggested(formatAmount(offer.suggestedAmount, offer.currency))}</p>
          ) : null}
          {support && support.links.length > 0 ? (
            <ul className="flex flex-wrap gap-3" aria-label={support.heading || "Ways to pay"}>
              {support.links.map((link, index) => (
                <li key={`${index}-${link.url}`}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {support?.bankTransfer ? (
            <details>
              <summary className="cursor-pointer py-1 font-semibold text-brand-700 dark:text-brand-300">Pay by bank transfer</summary>
              <p className="mt-2 whitespace-pre-line rounded-xl bg-stone-100 p-4 font-mono text-sm select-all dark:bg-stone-800">
                {support.bankTransfer}
              </p>
            </details>
          ) : null}
          <Form method="post" preventScrollReset className="space-y-2">
            <input type="hidden" name="intent" value="download-pay" />
            <Button type="submit" variant="primary" aria-disabled={busy}>
              {busy ? FAN_TEXT.opening : support ? FAN_TEXT.payButton : FAN_TEXT.payNoLinksButton}
            </Button>
            <p className="text-sm text-stone-600 dark:text-stone-400">{support ? FAN_TEXT.payTrust : FAN_TEXT.payNoLinks}</p>
          </Form>
        </div>
      ) : (
        <EmailForm formStarted={formStarted} consentWords={consentWords} page={page} answer={mine} busy={busy} />
      )}
      {refusal && offer.access !== "email" ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}

function EmailForm({
  formStarted,
  consentWords,
  page,
  answer,
  busy,
}: {
  formStarted: string;
  consentWords: ConsentWords;
  page: string;
  answer: DownloadAnswer | undefined;
  busy: boolean;
}) {
  const id = useId();
  if (answer?.ok) {
    const email = answer.email ?? "";
    return (
      <p role="status" className="mt-3 text-lg text-stone-700 dark:text-stone-300">
        {answer.outcome === "held" ? FAN_TEXT.held(email) : answer.download === "mailed" ? FAN_TEXT.mailed(email) : FAN_TEXT.confirm(email)}
      </p>
    );
  }
  const error = answer && !answer.ok ? answer.error : undefined;
  return (
    <Form method="post" preventScrollReset className="relative mt-3 space-y-3">
      <input type="hidden" name="intent" value="download-email" />
      <input type="hidden" name="form" value="download" />
      <input type="hidden" name="page" value={page} />
      <FormGuardFields formStarted={formStarted} answer={answer} />
      <p className="text-stone-600 dark:text-stone-400">{consentWords.text}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={`${id}-email`} className="sr-only">
            Your email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-privacy`}
            className={inputStyles}
          />
        </div>
        <Button type="submit" variant="primary" aria-disabled={busy}>
          {busy ? FAN_TEXT.sending : consentWords.button}
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-privacy`} className="text-sm text-stone-600 dark:text-stone-400">
        {FAN_TEXT.emailPrivacy}
      </p>
    </Form>
  );
}
