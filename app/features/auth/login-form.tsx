import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { useAlerts } from "#app/features/alerts/alerts-provider.tsx";
import type { LoginMode } from "./auth-messages.ts";

/**
 * Sign in / sign up. The mode lives in the URL (?mode=signup), so toggling is a
 * navigation: it works without JavaScript and always clears the last error.
 */
export function LoginForm({ mode, result }: { mode: LoginMode; result: { error: string } | undefined }) {
  const error = result?.error;
  const navigation = useNavigation();
  const { addAlert } = useAlerts();
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const signUp = mode === "signup";

  // Keyed on the result object, so the same error twice toasts twice.
  useEffect(() => {
    if (result?.error) addAlert(result.error, "error");
  }, [result, addAlert]);

  return (
    <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <h1 className="text-center text-3xl font-semibold">{signUp ? "Create Account" : "Welcome Back"}</h1>
      <Form method="post" className="mt-8 space-y-5" aria-describedby="login-error" noValidate={false}>
        <input type="hidden" name="intent" value={mode} />
        {signUp ? <TextField label="Name" name="name" autoComplete="name" required maxLength={100} /> : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          minLength={signUp ? 8 : undefined}
          maxLength={128}
          hint={signUp ? "At least 8 characters" : undefined}
        />
        <FormError id="login-error" message={error} />
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={processing}>
          {processing ? "Processing..." : signUp ? "Sign Up" : "Sign In"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-600 dark:text-stone-400">
        {signUp ? "Already have an account?" : "Don't have an account?"}{" "}
        <Link
          to={signUp ? "/login" : "/login?mode=signup"}
          replace
          className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          {signUp ? "Sign In" : "Sign Up"}
        </Link>
      </p>
    </div>
  );
}
