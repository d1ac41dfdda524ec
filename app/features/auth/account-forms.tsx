import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { ACCOUNT_TEXT, EMAIL_CHANGE_TEXT, LOGIN_TEXT, type AccountField, type AccountIntent, type AccountResult } from "./ui-text.ts";

const cardStyles = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900";
const introStyles = "mt-1 text-sm text-stone-600 dark:text-stone-400";

const isInput = (element: unknown): element is HTMLInputElement => element instanceof HTMLInputElement;

/** The field an answer is about, when this form has it. */
function ownField<Field extends AccountField>(checks: Readonly<Record<Field, FieldCheck>>, name: AccountField | null): Field | null {
  return name !== null && Object.hasOwn(checks, name) ? (name as Field) : null;
}

/** The words the server's schema uses (schema.ts), checked before sending. */
const required =
  (message: string): FieldCheck =>
  (control) =>
    control.value.trim() === "" ? message : null;

function emailCheck(current: string): FieldCheck {
  return (control) => {
    const value = control.value.trim();
    if (value === "") return LOGIN_TEXT.missingEmail;
    const malformed = !value.includes("@") || (control instanceof HTMLInputElement && control.validity.typeMismatch);
    if (malformed) return LOGIN_TEXT.invalidEmail;
    return value.toLowerCase() === current ? ACCOUNT_TEXT.emailSame : null;
  };
}

// Passwords are not trimmed: a space is a character of a password like any other.
const currentPasswordCheck: FieldCheck = (control) => (control.value === "" ? ACCOUNT_TEXT.missingCurrentPassword : null);
const newPasswordCheck: FieldCheck = (control) => {
  if (control.value === "") return ACCOUNT_TEXT.missingNewPassword;
  return control.value.length < 8 ? LOGIN_TEXT.passwordTooShort : null;
};
const confirmPasswordCheck: FieldCheck = (control) => {
  if (control.value === "") return ACCOUNT_TEXT.missingConfirmPassword;
  const first = control.form?.elements.namedItem("newPassword");
  return isInput(first) && first.value !== control.value ? ACCOUNT_TEXT.passwordsDiffer : null;
};

/**
 * One of the page's forms, posted with its own fetcher so each keeps its own
 * busy state and answer. `initial` is the answer a page rendered without
 * JavaScript came with. Passwords are cleared after every answer (browsers
 * and password managers expect it); everything else typed stays on a refusal.
 */
function useAccountForm<Field extends AccountField>(
  intent: AccountIntent,
  checks: Readonly<Record<Field, FieldCheck>>,
  initial: AccountResult | undefined,
  onSaved?: (form: HTMLFormElement) => void,
) {
  const fetcher = useFetcher<AccountResult>();
  const { addToast } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const fromPage = initial?.intent === intent ? initial : undefined;
  const result = fetcher.data ?? fromPage;
  const serverField = result && !result.ok ? ownField(checks, result.field) : null;
  const firstErrors: Partial<Record<Field, string>> = {};
  if (fromPage && !fromPage.ok && serverField) firstErrors[serverField] = fromPage.error;
  const fields = useFieldErrors<Field>(formRef, checks, firstErrors);
  const busy = fetcher.state !== "idle";

  // The latest checks and callback, so the effect below runs on answers only.
  const latest = useRef({ checks, onSaved });
  latest.current = { checks, onSaved };

  // Each answer once, when it arrives (the same words twice still toast twice: a new object).
  const { showServerError, clear } = fields;
  const handled = useRef<AccountResult | undefined>(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    const form = formRef.current;
    for (const element of Array.from(form?.elements ?? [])) if (isInput(element) && element.type === "password") element.value = "";
    const field = answer.ok ? null : ownField(latest.current.checks, answer.field);
    if (answer.ok) {
      clear();
      if (form) latest.current.onSaved?.(form);
      addToast(answer.message, "success");
    } else if (field) {
      showServerError(field, answer.error, true);
    } else {
      addToast(answer.error, "error");
    }
  }, [fetcher.data, fetcher.state, addToast, showServerError, clear]);

  const formError = result && !result.ok && !serverField && !busy ? result.error : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy || !fields.validate()) event.preventDefault();
  };
  return { fetcher, formRef, fields, busy, formError, onSubmit, values: fromPage && !fromPage.ok ? fromPage.values : {} };
}

function Card({ heading, intro, children }: { heading: string; intro: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardStyles}>
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      <p className={introStyles}>{intro}</p>
      {children}
    </section>
  );
}

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page.
    <Button type="submit" variant="primary" className="w-full sm:w-auto" aria-disabled={busy || undefined}>
      {busy ? ACCOUNT_TEXT.saving : label}
    </Button>
  );
}

const formStyles = "mt-6 space-y-5";

export function NameForm({ name, initial }: { name: string; initial: AccountResult | undefined }) {
  const form = useAccountForm("name", { name: required(LOGIN_TEXT.missingName) }, initial);
  const errorId = `${useId()}-error`;
  return (
    <Card heading={ACCOUNT_TEXT.nameHeading} intro={ACCOUNT_TEXT.nameIntro}>
      {/* noValidate: our checks speak, in our words; without JavaScript the server's answer does. */}
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        className={formStyles}
        noValidate
        onSubmit={form.onSubmit}
        aria-describedby={form.formError ? errorId : undefined}
      >
        <input type="hidden" name="intent" value="name" />
        <TextField
          label={ACCOUNT_TEXT.nameLabel}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={form.values.name ?? name}
          error={form.fields.errorOf("name")}
          onInput={form.fields.onInput}
        />
        <FormError id={errorId} message={form.formError} />
        <SubmitButton busy={form.busy} label={ACCOUNT_TEXT.saveName} />
      </form.fetcher.Form>
    </Card>
  );
}

export function EmailForm({
  email,
  initial,
  confirmByMail,
}: {
  email: string;
  initial: AccountResult | undefined;
  /** Whether the new address confirms by a mailed link (the site sends mail) or the change is made at once. */
  confirmByMail: boolean;
}) {
  const form = useAccountForm("email", { newEmail: emailCheck(email), currentPassword: currentPasswordCheck }, initial, (element) =>
    element.reset(),
  );
  const errorId = `${useId()}-error`;
  return (
    <Card
      heading={ACCOUNT_TEXT.emailHeading}
      intro={
        <>
          {ACCOUNT_TEXT.emailIntro}{" "}
          <strong className="font-semibold text-stone-900 [overflow-wrap:anywhere] dark:text-stone-100">{email}</strong>.{" "}
          {confirmByMail ? EMAIL_CHANGE_TEXT.withMail : EMAIL_CHANGE_TEXT.withoutMail}
        </>
      }
    >
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        className={formStyles}
        noValidate
        onSubmit={form.onSubmit}
        aria-describedby={form.formError ? errorId : undefined}
      >
        <input type="hidden" name="intent" value="email" />
        <TextField
          label={ACCOUNT_TEXT.newEmailLabel}
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={form.values.newEmail}
          error={form.fields.errorOf("newEmail")}
          onInput={form.fields.onInput}
        />
        <TextField
          label={ACCOUNT_TEXT.currentPasswordLabel}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={form.fields.errorOf("currentPassword")}
          onInput={form.fields.onInput}
        />
        <FormError id={errorId} message={form.formError} />
        <SubmitButton busy={form.busy} label={ACCOUNT_TEXT.saveEmail} />
      </form.fetcher.Form>
    </Card>
  );
}

export function PasswordForm({ email, initial }: { email: string; initial: AccountResult | undefined }) {
  const form = useAccountForm(
    "password",
    { currentPassword: currentPasswordCheck, newPassword: newPasswordCheck, confirmPassword: confirmPasswordCheck },
    initial,
  );
  const errorId = `${useId()}-error`;
  return (
    <Card heading={ACCOUNT_TEXT.passwordHeading} intro={ACCOUNT_TEXT.passwordIntro}>
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        className={formStyles}
        noValidate
        onSubmit={form.onSubmit}
        aria-describedby={form.formError ? errorId : undefined}
      >
        <input type="hidden" name="intent" value="password" />
        {/* Tells a password manager whose password this is, so it updates the right entry. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={ACCOUNT_TEXT.currentPasswordLabel}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={form.fields.errorOf("currentPassword")}
          onInput={form.fields.onInput}
        />
        <TextField
          label={ACCOUNT_TEXT.newPasswordLabel}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint={ACCOUNT_TEXT.newPasswordHint}
          error={form.fields.errorOf("newPassword")}
          onInput={form.fields.onInput}
        />
        <TextField
          label={ACCOUNT_TEXT.confirmPasswordLabel}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          error={form.fields.errorOf("confirmPassword")}
          onInput={form.fields.onInput}
        />
        <FormError id={errorId} message={form.formError} />
        <SubmitButton busy={form.busy} label={ACCOUNT_TEXT.savePassword} />
      </form.fetcher.Form>
    </Card>
  );
}
