import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { FormGuardFields } from "#app/components/ui/form-guard-fields.tsx";
import { MAX_EMAIL_LENGTH, NEWSLETTER_SUCCESS_MS, quickEmailProblem, type SubscribeResult } from "./newsletter.ts";
import { StillTrueNote, SuccessMessage, type SignUpNote } from "./newsletter-messages.tsx";
import { NEWSLETTER_FORMS, NEWSLETTER_TEXT, type NewsletterVariant } from "./ui-text.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";

const NEWSLETTER_ACTION = "/newsletter";

export type NewsletterFormProps = {
  /** "footer": the compact form in every page's footer; "panel": the /music page's 'Stay in the Loop'; "release": a coming song's page. */
  variant: Exclude<NewsletterVariant, "download">;
  /** The root loader's signed "form started" token. */
  formStarted: string;
  /** An error to show from the start (the no-JavaScript page, after a failed post). */
  initialError?: string;
};

const copy = {
  footer: { ...NEWSLETTER_FORMS.footer, success: NEWSLETTER_TEXT.footerSuccess },
  panel: { ...NEWSLETTER_FORMS.panel, success: NEWSLETTER_TEXT.panelSuccess },
  release: { ...NEWSLETTER_FORMS.release, success: NEWSLETTER_TEXT.releaseSuccess },
} as const;

/** The errors that are about the address itself (the field is then marked invalid); others are about the sending. */
const isFieldError = (error: string) => error === NEWSLETTER_TEXT.required || error === NEWSLETTER_TEXT.invalid;

/** The browser's check before sending, in the server's words: empty, no "@", or not an address by the browser's e-mail rule. */
const problemOf = (field: HTMLInputElement) =>
  quickEmailProblem(field.value) ?? (field.validity.typeMismatch ? NEWSLETTER_TEXT.invalid : null);

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * The mailing-list signup (SPEC sections 2, 4, 5): idle → 'Subscribing...'
 * (input and button disabled) → the success message for 3 s → the form again,
 * empty. A real form posting to /newsletter, so it also works before (or
 * without) JavaScript; with JavaScript it posts through a fetcher and the page
 * stays where it is.
 */
export function NewsletterForm({ variant, formStarted, initialError }: NewsletterFormProps) {
  const fetcher = useFetcher<FormAnswer<SubscribeResult>>({ key: `newsletter-${variant}` });
  const id = useId();
  const ids = { heading: `${id}heading`, input: `${id}email`, error: `${id}error` };
  const formRef = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLDivElement>(null);
  // The error shown, and whether it is our own check's (then it stays while the address is wrong in the same way).
  const [error, setError] = useState<{ message: string; ours: boolean } | null>(
    initialError ? { message: initialError, ours: false } : null,
  );
  const [succeeded, setSucceeded] = useState(false);
  // What the fan still has to know once SPEC's success words have gone.
  const [note, setNote] = useState<SignUpNote | null>(null);

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
      // The form stays in the page (hidden) so the footer keeps its height: empty it for next time.
      formRef.current?.reset();
      const email = result.email ?? "";
      if (result.outcome === "held") {
        // Not on the list: no success words, only the truth.
        setNote({ kind: "held", email });
        return;
      }
      setNote(result.outcome === "confirm" ? { kind: "confirm", email } : null);
      setSucceeded(true);
      return;
    }
    setError({ message: result?.error || NEWSLETTER_TEXT.failed, ours: false });
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
    const problem = field ? problemOf(field) : null;
    if (problem) {
      // Stops the fetcher too: React Router's form skips a submit whose default was prevented.
      event.preventDefault();
      // Marked invalid and described before the keyboard arrives, so a screen reader reads the error with the field.
      flushSync(() => setError({ message: problem, ours: true }));
      field?.focus();
      return;
    }
    setError(null);
    setNote(null);
    asked.current = true;
  };

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    if (!error) return;
    // Ours and still wrong in the same way: keep it. Fixed, half typed (told
    // on the next submit) or the server's word: it goes as the field changes.
    if (error.ours && problemOf(event.currentTarget) === error.message) return;
    setError(null);
  };

  const { button, success, heading, text } = copy[variant];
  // Which form on which page: the consent record keeps it with the words above.
  const page = useLocation().pathname;
  const panel = variant !== "footer";

  const invalid = error !== null && isFieldError(error.message);
  const form = (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={NEWSLETTER_ACTION}
      // A subscription changes nothing the page shows: no need to run its loaders again.
      defaultShouldRevalidate={false}
      onSubmit={onSubmit}
      // Our checks speak, in the spec's words; without JavaScript the server's answer does.
      noValidate
      aria-labelledby={ids.heading}
      aria-busy={sending || undefined}
      // Hidden, not removed, while the success message shows: the two share one
      // grid cell, so the section keeps its height when one replaces the other.
      className={`relative self-center [grid-area:1/1] ${panel ? "mx-auto w-full max-w-md" : ""} ${succeeded ? "invisible" : ""}`}
    >
      <FormGuardFields formStarted={formStarted} answer={fetcher.data} />
      <input type="hidden" name="form" value={variant} />
      <input type="hidden" name="page" value={page} />
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
          // The panel's placeholder says the field's name (its accessible name), so a voice user reading it aloud reaches it.
          placeholder={panel ? "Email address" : "you@example.com"}
          disabled={sending}
          aria-invalid={invalid || undefined}
          aria-describedby={error ? ids.error : undefined}
          onInput={onInput}
          className={`${inputStyles} min-w-0 flex-1 ${panel ? "" : "py-2.5 text-sm"}`}
        />
        <Button type="submit" variant="primary" disabled={sending} className={`shrink-0 ${panel ? "sm:px-8" : "px-4"}`}>
          {sending ? NEWSLETTER_TEXT.sending : button}
        </Button>
      </div>
      <FieldError id={ids.error} message={error?.message} className={`mt-2 ${panel ? "text-left" : ""}`} />
    </fetcher.Form>
  );

  // The message and the form share one grid cell (see the form's class).
  const body = (
    <>
      <div className={`grid ${panel ? "mt-8" : "mt-3"}`}>
        <SuccessMessage ref={status} shown={succeeded} panel={panel} success={success} note={note} />
        {form}
      </div>
      <StillTrueNote note={succeeded ? null : note} panel={panel} />
    </>
  );

  if (panel) {
    return (
      <section
        aria-labelledby={ids.heading}
        className="rounded-3xl border border-brand-100 bg-brand-50 p-6 text-center sm:p-12 dark:border-brand-800 dark:bg-brand-800/15"
      >
        <h2 id={ids.heading} className="text-3xl font-semibold">
          {heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-stone-600 dark:text-stone-400">{text}</p>
        {body}
      </section>
    );
  }

  return (
    <div>
      <h2 id={ids.heading} className="text-sm font-semibold uppercase tracking-wider text-stone-600 dark:text-stone-400">
        {heading}
      </h2>
      <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{text}</p>
      {body}
    </div>
  );
}
