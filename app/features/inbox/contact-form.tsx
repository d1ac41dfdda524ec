import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useFetcher } from "react-router";
import { FormGuardFields } from "#app/components/ui/form-guard-fields.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { describedBy, FieldError, FormError, inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import type { PublicFormResult } from "#app/domain/public-form.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { CONTACT_TEXT, CONTACT_SUCCESS_MS, MAX_MESSAGE_LENGTH } from "./ui-text.ts";

type ContactField = "name" | "email" | "message";

/** The browser's checks before sending, in the words the server uses (schema.ts). */
const checks: Record<ContactField, FieldCheck> = {
  // The input's maxLength already keeps a name within the server's limit.
  name: () => null,
  email: (control) => {
    const value = control.value.trim();
    if (value === "") return null;
    // No "@", or not an address by the browser's own e-mail rule (SPEC section 5).
    const malformed = !value.includes("@") || (control instanceof HTMLInputElement && control.validity.typeMismatch);
    return malformed ? CONTACT_TEXT.invalidEmail : null;
  },
  message: (control) => (control.value.trim() === "" ? CONTACT_TEXT.messageRequired : null),
};

/** Which field a server error is about, so it is shown (and marked) at that field. */
function fieldOf(error: string): ContactField | null {
  switch (error) {
    case CONTACT_TEXT.invalidEmail:
      return "email";
    case CONTACT_TEXT.messageRequired:
    case CONTACT_TEXT.serviceMessageRequired:
    case CONTACT_TEXT.messageTooLong:
      return "message";
    case CONTACT_TEXT.nameTooLong:
      return "name";
    default:
      return null;
  }
}

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * The contact form (SPEC section 2 and 4): idle → sending → 'Message Sent!'
 * for 5 s → the form again. A real form posting to /contact, so it also works
 * without JavaScript (then `noJsResult` carries the server's answer).
 */
export function ContactForm({ formStarted, noJsResult }: { formStarted: string; noJsResult: FormAnswer<PublicFormResult> | undefined }) {
  const fetcher = useFetcher<FormAnswer<PublicFormResult>>({ key: "contact" });
  const formRef = useRef<HTMLFormElement>(null);
  const messageId = useId();
  const ids = { message: messageId, count: `${messageId}-count`, messageError: `${messageId}-error`, formError: `${messageId}-form-error` };

  // Without JavaScript the server's answer arrives with the page: a field's error is shown at that field.
  const noJsError = noJsResult && !noJsResult.ok ? noJsResult.error || CONTACT_TEXT.failed : null;
  const noJsField = noJsError ? fieldOf(noJsError) : null;
  const fields = useFieldErrors<ContactField>(formRef, checks, noJsError && noJsField ? { [noJsField]: noJsError } : {});
  const [formError, setFormError] = useState<string | null>(noJsError && !noJsField ? noJsError : null);

  const [showSent, setShowSent] = useState(false);
  const [length, setLength] = useState(0);
  const sending = fetcher.state !== "idle";
  // Set while a post of ours is on its way: a fetcher keeps its last data, so
  // "idle with data" alone does not mean a fresh answer.
  const asked = useRef(false);

  const { showServerError } = fields;
  useEffect(() => {
    if (fetcher.state !== "idle" || !asked.current) return;
    asked.current = false;
    const result = fetcher.data;
    if (result?.ok) {
      formRef.current?.reset();
      setLength(0);
      setShowSent(true);
      return;
    }
    const error = result?.error || CONTACT_TEXT.failed;
    const field = fieldOf(error);
    // The fields were disabled while sending, which drops the keyboard focus: give it to the bad field.
    if (field) showServerError(field, error, focusIsLost());
    else setFormError(error);
  }, [fetcher.state, fetcher.data, showServerError]);

  useEffect(() => {
    if (!showSent) return;
    const timer = setTimeout(() => setShowSent(false), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [showSent]);

  if (showSent || (noJsResult?.ok && !fetcher.data)) {
    return (
      <div
        role="status"
        className="rounded-3xl border border-emerald-300 bg-emerald-50 p-8 text-center dark:border-emerald-800 dark:bg-emerald-950"
      >
        <p className="font-display text-2xl font-semibold text-emerald-900 dark:text-emerald-100">{CONTACT_TEXT.sent}</p>
        <p className="mt-2 text-emerald-800 dark:text-emerald-200">Thank you for writing. Every message is read.</p>
        {noJsResult?.ok && !fetcher.data ? (
          <Link to="/contact" className={`${buttonClass("secondary")} mt-6`}>
            Send another message
          </Link>
        ) : null}
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    if (!fields.validate()) {
      // Stops the fetcher too: React Router's form skips a submit whose default was prevented.
      event.preventDefault();
      return;
    }
    asked.current = true;
  };
  const messageError = fields.errorOf("message");

  return (
    // noValidate: our checks speak (in the spec's words) instead of the browser's bubble.
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      onSubmit={onSubmit}
      noValidate
      className="relative space-y-5"
      aria-label="Contact form"
    >
      <FormGuardFields formStarted={formStarted} answer={fetcher.data} />
      <fieldset disabled={sending} className="space-y-5">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="Name (optional)"
            name="name"
            autoComplete="name"
            maxLength={100}
            error={fields.errorOf("name")}
            onInput={fields.onInput}
          />
          <TextField
            label="Email (optional)"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            hint="So I can write back"
            error={fields.errorOf("email")}
            onInput={fields.onInput}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={ids.message} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
            Message
          </label>
          <textarea
            id={ids.message}
            name="message"
            // Still said to assistive technology as required; the check itself is ours.
            required
            rows={6}
            maxLength={MAX_MESSAGE_LENGTH}
            onChange={(event) => setLength(event.currentTarget.value.length)}
            onInput={fields.onInput}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={describedBy(messageError && ids.messageError, ids.count)}
            className={`${inputStyles} resize-y`}
          />
          <div className="flex items-start justify-between gap-4">
            <FieldError id={ids.messageError} message={messageError} />
            <p id={ids.count} className="ml-auto shrink-0 text-xs text-stone-500 dark:text-stone-400">
              {length.toLocaleString("en-US")} / {MAX_MESSAGE_LENGTH.toLocaleString("en-US")}
            </p>
          </div>
        </div>
        <FormError id={ids.formError} message={formError} />
        <Button type="submit" variant="primary" className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
