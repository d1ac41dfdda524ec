import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/login-forgot";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { handleResetRequest } from "#app/features/auth/password-reset.server.ts";
import { RESET_TEXT } from "#app/features/auth/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return { mailOn: Boolean(servicesOf(context).mail) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleResetRequest(servicesOf(context), request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), { title: RESET_TEXT.title, description: RESET_TEXT.title, path: "/login/forgot", noindex: true });

export default function LoginForgot() {
  const { mailOn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok ? result.error : null;
  // The address's own problem at the field; anything else (too many tries) under the form.
  const fieldError = error === RESET_TEXT.invalidEmail ? error : null;
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <DashboardStylesheet />
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-center text-3xl font-semibold">{RESET_TEXT.title}</h1>
        {!mailOn ? (
          <p className="mt-6 text-stone-600 dark:text-stone-400">{RESET_TEXT.mailOff}</p>
        ) : result?.ok ? (
          <p role="status" className="mt-6 text-stone-700 dark:text-stone-300">
            {RESET_TEXT.sent}
          </p>
        ) : (
          <Form method="post" className="mt-8 space-y-5">
            <p className="text-sm text-stone-600 dark:text-stone-400">{RESET_TEXT.intro}</p>
            <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} error={fieldError} />
            <FormError id="forgot-error" message={fieldError ? null : error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? RESET_TEXT.busy : RESET_TEXT.button}
            </Button>
          </Form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
            Back to sign in
          </Link>
        </p>
      </div>
    </section>
  );
}
