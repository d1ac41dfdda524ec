import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { FormGuardFields } from "#app/components/ui/form-guard-fields.tsx";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import type { ContactResult } from "./contact.server.ts";
import { CONTACT_MESSAGES, CONTACT_SUCCESS_MS, MAX_MESSAGE_LENGTH } from "./contact-messages.ts";

/**
 * The contact form (SPEC section 2 and 4): idle → sending → 'Message Sent!'
 * for 5 s → the form again. A real form posting to /contact, so it also works
 * without JavaScript (then `noJsResult` carries the answer).
 */
export function ContactForm({ formStarted, noJsResult }: { formStarted: string; noJsResult: ContactResult | undefined }) {
  const fetcher = useFetcher<ContactResult>({ key: "contact" });
  const formRef = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const [clientError, setClientError] = useState<string | null>(null);
  const [showSent, setShowSent] = useState(false);
  const [length, setLength] = useState(0);
  const sending = fetcher.state !== "idle";
  const result = fetcher.data ?? noJsResult;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    formRef.current?.reset();
    setLength(0);
    setShowSent(true);
    const timer = setTimeout(() => setShowSent(false), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  if (showSent || (noJsResult?.ok && !fetcher.data)) {
    return (
      <div role="status" className="rounded-3xl border border-emerald-300 bg-emerald-50 p-8 text-center dark:border-emerald-800 dark:bg-emerald-950">
        <p className="font-display text-2xl font-semibold text-emerald-900 dark:text-emerald-100">{CONTACT_MESSAGES.sent}</p>
        <p className="mt-2 text-emerald-800 dark:text-emerald-200">Thank you for writing. Every message is read.</p>
        {noJsResult?.ok && !fetcher.data ? (
          <Link to="/contact" className={`${buttonStyles.secondary} mt-6`}>
            Send another message
          </Link>
        ) : null}
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const message = new FormData(event.currentTarget).get("message");
    if (typeof message !== "string" || message.trim() === "") {
      event.preventDefault();
      setClientError(CONTACT_MESSAGES.messageRequired);
      return;
    }
    setClientError(null);
  };
  const error = clientError ?? (result && !result.ok ? result.error || CONTACT_MESSAGES.failed : null);

  return (
    <fetcher.Form ref={formRef} method="post" action="/contact" onSubmit={onSubmit} noValidate={false} className="relative space-y-5" aria-label="Contact form">
      <FormGuardFields formStarted={formStarted} />
      <fieldset disabled={sending} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Name (optional)" name="name" autoComplete="name" maxLength={100} />
          <TextField
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            hint="So I can write back"
            // The browser checks the format; without an "@" it says the spec's words.
            onInput={(event) => {
              const value = event.currentTarget.value.trim();
              event.currentTarget.setCustomValidity(value && !value.includes("@") ? CONTACT_MESSAGES.invalidEmail : "");
            }}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={messageId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
            Message
          </label>
          <textarea
            id={messageId}
            name="message"
            required
            rows={6}
            maxLength={MAX_MESSAGE_LENGTH}
            onChange={(event) => setLength(event.currentTarget.value.length)}
            aria-describedby={`${messageId}-count`}
            className={`${inputStyles} resize-y`}
          />
          <p id={`${messageId}-count`} className="text-right text-xs text-stone-500 dark:text-stone-400">
            {length.toLocaleString("en-US")} / {MAX_MESSAGE_LENGTH.toLocaleString("en-US")}
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`}>
          {sending ? "Sending..." : "Send Message"}
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
