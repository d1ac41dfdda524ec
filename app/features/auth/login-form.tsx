import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { useFieldErrors, type FieldCheck } from "#app/components/ui/use-field-errors.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { LOGIN_TEXT, RESET_TEXT, type LoginMode } from "./ui-text.ts";

type LoginField = "name" | "email" | "password";

/** The browser's checks before sending, in the words the server's schema uses (schema.ts). */
function checksFor(signUp: boolean): Record<LoginField, FieldCheck> {
  return {
    // Only the sign-up form has a name field; on sign-in this check never meets one.
    name: (control) => (control.value.trim() === "" ? LOGIN_TEXT.missingName : null),
    email: (control) => {
      const value = control.value.trim();
      if (value === "") return LOGIN_TEXT.missingEmail;
      const malformed = !value.includes("@") || (control instanceof HTMLInputElement && control.validity.typeMismatch);
      return malformed ? LOGIN_TEXT.invalidEmail : null;
    },
    password: (control) => {
      if (control.value === "") return LOGIN_TEXT.missingPassword;
      if (signUp && control.value.length < 8) return LOGIN_TEXT.passwordTooShort;
      return null;
    },
  };
}

/**
 * Which field a server error is about. A failed sign-in ('Invalid email or
 * password') names no field on purpose: it must not tell which one was wrong.
 */
function fieldOf(error: string): LoginField | null {
  switch (error) {
    case LOGIN_TEXT.missingName:
      return "name";
    case LOGIN_TEXT.missingEmail:
    case LOGIN_TEXT.invalidEmail:
      return "email";
    case LOGIN_TEXT.missingPassword:
    case LOGIN_TEXT.passwordTooShort:
    case LOGIN_TEXT.passwordTooLong:
      return "password";
    default:
      return null;
  }
}

const FORM_ERROR_ID = "login-error";

/**
 * Sign in / sign up. The mode lives in the URL (?mode=signup), so toggling is a
 * navigation: it works without JavaScript and always clears the last error.
 */
export function LoginForm({
  mode,
  returnTo = null,
  result,
  canReset = false,
}: {
  mode: LoginMode;
  /** The page to go back to once signed in (already checked to be on this site). */
  returnTo?: string | null;
  result: { error: string } | undefined;
  canReset?: boolean;
}) {
  const navigation = useNavigation();
  const { addToast } = useToasts();
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const signUp = mode === "signup";
  const formRef = useRef<HTMLFormElement>(null);

  const serverField = result ? fieldOf(result.error) : null;
  const fields = useFieldErrors<LoginField>(formRef, checksFor(signUp), result && serverField ? { [serverField]: result.error } : {});
  // The answer whose form-wide error the person has moved on from (by submitting again).
  const [dismissed, setDismissed] = useState<typeof result>(undefined);
  const formError = result && !serverField && result !== dismissed ? result.error : null;

  // Keyed on the result object, so the same error twice toasts twice.
  useEffect(() => {
    if (result?.error) addToast(result.error, "error");
  }, [result, addToast]);

  // A later answer about one field is shown there, with the keyboard on it (the
  // first answer came with the page, already shown, and the page is not moved then).
  const first = useRef(true);
  const { showServerError } = fields;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (result && serverField) showServerError(serverField, result.error, true);
  }, [result, serverField, showServerError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setDismissed(result);
    if (!fields.validate()) event.preventDefault();
  };

  return (
    <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <h1 className="text-center text-3xl font-semibold">{signUp ? "Create Account" : "Welcome Back"}</h1>
      {/* noValidate: our checks speak, in our words; without JavaScript the server's answer does. */}
      <Form
        ref={formRef}
        method="post"
        className="mt-8 space-y-5"
        aria-describedby={formError ? FORM_ERROR_ID : undefined}
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="intent" value={mode} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        {signUp ? (
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            error={fields.errorOf("name")}
            onInput={fields.onInput}
          />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={fields.errorOf("email")}
          onInput={fields.onInput}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          minLength={signUp ? 8 : undefined}
          maxLength={128}
          hint={signUp ? "At least 8 characters" : undefined}
          error={fields.errorOf("password")}
          onInput={fields.onInput}
        />
        {!signUp && canReset ? (
          <p className="-mt-2 text-right text-sm">
            <Link to="/login/forgot" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
              {RESET_TEXT.link}
            </Link>
          </p>
        ) : null}
        {/* Nothing at all without an error: no empty line holding a gap open. */}
        <FormError id={FORM_ERROR_ID} message={formError} />
        <Button type="submit" variant="primary" className="w-full" disabled={processing}>
          {processing ? "Processing..." : signUp ? "Sign Up" : "Sign In"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-600 dark:text-stone-400">
        {signUp ? "Already have an account?" : "Don't have an account?"}{" "}
        <Link
          to={loginAddress(signUp ? "signin" : "signup", returnTo)}
          replace
          className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          {signUp ? "Sign In" : "Sign Up"}
        </Link>
      </p>
    </div>
  );
}

/** The sign-in page in `mode`, keeping where to go back to. */
function loginAddress(mode: LoginMode, returnTo: string | null): string {
  const query = new URLSearchParams();
  if (mode === "signup") query.set("mode", "signup");
  if (returnTo) query.set("returnTo", returnTo);
  const search = query.toString();
  return search ? `/login?${search}` : "/login";
}
