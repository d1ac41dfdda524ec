import { useId, type ComponentProps, type ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { confirmPasswordCheck, currentPasswordCheck, emailCheck, newPasswordCheck, required } from "./account-checks.ts";
import { ACCOUNT_TEXT, EMAIL_CHANGE_TEXT, LOGIN_TEXT, type AccountResult } from "./ui-text.ts";
import { useAccountForm, type AccountFormState } from "./use-account-form.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";

const cardStyles = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900";
const introStyles = "mt-1 text-sm text-stone-600 dark:text-stone-400";

/** One of the page's cards: a heading, a line saying what it changes, and its form, posted on its own with its Save button. */
function AccountFormCard({
  form,
  heading,
  intro,
  saveLabel,
  children,
}: {
  form: AccountFormState;
  heading: string;
  intro: ReactNode;
  saveLabel: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const errorId = `${useId()}-error`;
  return (
    <section aria-labelledby={headingId} className={cardStyles}>
      <h2 id={headingId} className="text-xl font-semibold">
        {heading}
      </h2>
      <p className={introStyles}>{intro}</p>
      {/* noValidate: our checks speak, in our words; without JavaScript the server's answer does. */}
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        className="mt-6 space-y-5"
        noValidate
        onSubmit={form.onSubmit}
        aria-describedby={form.formError ? errorId : undefined}
      >
        <input type="hidden" name="intent" value={form.intent} />
        {children}
        <FormError id={errorId} message={form.formError} />
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page. */}
        <Button type="submit" variant="primary" className="w-full sm:w-auto" aria-disabled={form.busy || undefined}>
          {form.busy ? ACCOUNT_TEXT.saving : saveLabel}
        </Button>
      </form.fetcher.Form>
    </section>
  );
}

/** A password field as every form here has it: required, at most 128 characters, never trimmed. */
function PasswordField(props: Omit<ComponentProps<typeof TextField>, "type" | "required" | "maxLength">) {
  return <TextField type="password" required maxLength={128} {...props} />;
}

export function NameForm({ name, initial }: { name: string; initial: FormAnswer<AccountResult> | undefined }) {
  const form = useAccountForm("name", { name: required(LOGIN_TEXT.missingName) }, initial);
  return (
    <AccountFormCard form={form} heading={ACCOUNT_TEXT.nameHeading} intro={ACCOUNT_TEXT.nameIntro} saveLabel={ACCOUNT_TEXT.saveName}>
      <TextField
        label={ACCOUNT_TEXT.nameLabel}
        {...form.field("name")}
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={form.values.name ?? name}
      />
    </AccountFormCard>
  );
}

export function EmailForm({
  email,
  initial,
  confirmByMail,
}: {
  email: string;
  initial: FormAnswer<AccountResult> | undefined;
  /** Whether the new address confirms by a mailed link (the site sends mail) or the change is made at once. */
  confirmByMail: boolean;
}) {
  const form = useAccountForm("email", { newEmail: emailCheck(email), currentPassword: currentPasswordCheck }, initial, (element) =>
    element.reset(),
  );
  return (
    <AccountFormCard
      form={form}
      heading={ACCOUNT_TEXT.emailHeading}
      intro={
        <>
          {ACCOUNT_TEXT.emailIntro}{" "}
          <strong className="font-semibold text-stone-900 [overflow-wrap:anywhere] dark:text-stone-100">{email}</strong>.{" "}
          {confirmByMail ? EMAIL_CHANGE_TEXT.withMail : EMAIL_CHANGE_TEXT.withoutMail}
        </>
      }
      saveLabel={ACCOUNT_TEXT.saveEmail}
    >
      <TextField
        label={ACCOUNT_TEXT.newEmailLabel}
        {...form.field("newEmail")}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={form.values.newEmail}
      />
      <PasswordField label={ACCOUNT_TEXT.currentPasswordLabel} {...form.field("currentPassword")} autoComplete="current-password" />
    </AccountFormCard>
  );
}

export function PasswordForm({ email, initial }: { email: string; initial: FormAnswer<AccountResult> | undefined }) {
  const form = useAccountForm(
    "password",
    { currentPassword: currentPasswordCheck, newPassword: newPasswordCheck, confirmPassword: confirmPasswordCheck },
    initial,
  );
  return (
    <AccountFormCard
      form={form}
      heading={ACCOUNT_TEXT.passwordHeading}
      intro={ACCOUNT_TEXT.passwordIntro}
      saveLabel={ACCOUNT_TEXT.savePassword}
    >
      {/* Tells a password manager whose password this is, so it updates the right entry. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField label={ACCOUNT_TEXT.currentPasswordLabel} {...form.field("currentPassword")} autoComplete="current-password" />
      <PasswordField
        label={ACCOUNT_TEXT.newPasswordLabel}
        {...form.field("newPassword")}
        autoComplete="new-password"
        minLength={8}
        hint={ACCOUNT_TEXT.newPasswordHint}
      />
      <PasswordField label={ACCOUNT_TEXT.confirmPasswordLabel} {...form.field("confirmPassword")} autoComplete="new-password" />
    </AccountFormCard>
  );
}
