import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { inputStyles } from "#app/components/ui/text-field.tsx";
import { FormGuardFields } from "#app/components/ui/form-guard-fields.tsx";
import {
  MAX_EMAIL_LENGTH,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_SUCCESS_MS,
  quickEmailProblem,
  type SubscribeResult,
} from "./newsletter.ts";

export const NEWSLETTER_ACTION = "/newsletter";

export type NewsletterVariant = "footer" | "panel";

export type NewsletterFormProps = {
  /** "footer": the compact form in every page's footer; "panel": the /music page's 'Stay in the Loop'. */
  variant: NewsletterVariant;
  /** The root loader's signed "form started" token. */
  formStarted: string;
  /** An error to show from the start (the no-JavaScript page, after a failed post). */
  initialError?: string;
};

const copy = {
  footer: { button: "Subscribe", success: NEWSLETTER_MESSAGES.footerSuccess },
  panel: { button: "Notify Me", success: NEWSLETTER_MESSAGES.panelSuccess },
} as const;

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * The mailing-list signup (SPEC sections 2, 4, 5): idle → 'Subscribing...'
 * (input and button disabled) → the success message for 3 s → the form again,
 * empty. A real form posting to /newsletter, so it also works before (or
 * without) JavaScript; with JavaScript it posts through a fetcher and the page
 * stays where it is.
 */
export function NewsletterForm({ variant, formStarted, initialError }: NewsletterFormProps) {
  const fetcher = useFetcher<SubscribeResult>({ key: `newsletter-${variant}` });
  const id = useId();
  const ids = { heading: `${id}heading`, input: `${id}email`, error: `${id}error` };
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [succeeded, setSucceeded] = useState(false);
  // Our own checks replace the browser's once React runs (so the messages are the spec's);
  // before that, the browser's required/type=email checks stand in.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Set while a post of ours is on its way: a fetcher keeps its last data, so
  // "idle with data" alone does not mean a fresh answer.
  const asked = useRef(false);
  const sending = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !asked.current) return;
    asked.current = false;
    const result = fetcher.data;
    if (result?.ok) {
      setError(null);
      setSucceeded(true);
      return;
    }
    setError(result?.error || NEWSLETTER_MESSAGES.failed);
    // The input was disabled while sending, which drops the keyboard focus: give it back.
    if (focusIsLost()) input.current?.focus({ preventScroll: true });
  }, [fetcher.state, fetcher.data]);

  // Where the keyboard goes when the form comes back: set when the message had it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!succeeded) {
      if (refocus.current) input.current?.focus({ preventScroll: true });
      refocus.current = false;
      return;
    }
    if (focusIsLost()) status.current?.focus({ preventScroll: true });
    const timer = setTimeout(() => {
      refocus.current = focusIsLost() || document.activeElement === status.current;
      setSucceeded(false);
    }, NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = input.current;
    const value = field?.value ?? "";
    const problem = quickEmailProblem(value) ?? (field?.validity.typeMismatch ? NEWSLETTER_MESSAGES.invalid : null);
    if (problem) {
      // Stops the fetcher too: React Router's form skips a submit whose default was prevented.
      event.preventDefault();
      setError(problem);
      field?.focus();
      return;
    }
    setError(null);
    asked.current = true;
  };

  const { button, success } = copy[variant];
  const panel = variant === "panel";

  const form = (
    <fetcher.Form
      method="post"
      action={NEWSLETTER_ACTION}
      // A subscription changes nothing the page shows: no need to run its loaders again.
      defaultShouldRevalidate={false}
      onSubmit={onSubmit}
      noValidate={hydrated}
      aria-labelledby={ids.heading}
      aria-busy={sending || undefined}
      className={panel ? "relative mx-auto mt-8 max-w-md" : "relative mt-3"}
    >
      <FormGuardFields formStarted={formStarted} />
      <label htmlFor={ids.input} className="sr-only">
        Email address
      </label>
      <div className={panel ? "flex flex-col gap-3 sm:flex-row" : "flex gap-2"}>
        <input
          ref={input}
          id={ids.input}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={MAX_EMAIL_LENGTH}
          placeholder={panel ? "Enter your email" : "you@example.com"}
          disabled={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={() => {
            if (error) setError(null);
          }}
          className={`${inputStyles} min-w-0 flex-1 ${panel ? "" : "py-2.5 text-sm"}`}
        />
        <button
          type="submit"
          disabled={sending}
          className={`${buttonStyles.primary} shrink-0 ${panel ? "sm:px-8" : "px-4"}`}
        >
          {sending ? NEWSLETTER_MESSAGES.sending : button}
        </button>
      </div>
      {/* Only while there is something to say: an alert role inserted with its text is announced at once. */}
      {error ? (
        <p id={ids.error} role="alert" className={`mt-2 text-sm font-medium text-red-700 dark:text-red-400 ${panel ? "text-left" : ""}`}>
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );

  // Always in the page, so screen readers hear the message when it appears.
  const statusRegion = (
    <div ref={status} role="status" tabIndex={-1} className="outline-none">
      {succeeded ? (
        panel ? (
          <div className="mx-auto mt-8 max-w-md rounded-2xl border border-emerald-300 bg-emerald-50 p-6 dark:border-emerald-800 dark:bg-emerald-950">
            <p className="font-display text-2xl font-semibold text-emerald-900 dark:text-emerald-100">{success}</p>
            <p className="mt-2 text-emerald-800 dark:text-emerald-200">You'll be the first to hear about new music.</p>
          </div>
        ) : (
          <p className="mt-3 text-sm font-semibold text-emerald-700 dark:text-emerald-400">{success}</p>
        )
      ) : null}
    </div>
  );

  if (panel) {
    return (
      <section
        aria-labelledby={ids.heading}
        className="rounded-3xl border border-brand-100 bg-brand-50 p-6 text-center sm:p-12 dark:border-brand-800 dark:bg-brand-800/15"
      >
        <h2 id={ids.heading} className="text-3xl font-semibold">
          Stay in the Loop
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-stone-600 dark:text-stone-400">
          New songs, shows and the stories behind them: be the first to know.
        </p>
        {statusRegion}
        {succeeded ? null : form}
      </section>
    );
  }

  return (
    <div>
      <h2 id={ids.heading} className="text-sm font-semibold uppercase tracking-wider text-stone-600 dark:text-stone-400">
        Join the mailing list
      </h2>
      <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">New releases and shows, straight to your inbox.</p>
      {statusRegion}
      {succeeded ? null : form}
    </div>
  );
}
