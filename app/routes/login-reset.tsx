import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/login-reset";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { handleReset } from "#app/features/auth/password-reset.server.ts";
import { RESET_TEXT } from "#app/features/auth/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";

// /login/reset?token=… (the link in the reset mail). Opening it changes
// nothing; the form below it does, once.

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "" };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleReset(servicesOf(context), request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), { title: RESET_TEXT.newTitle, description: RESET_TEXT.newTitle, path: "/login/reset", noindex: true });

export default function LoginReset() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const dead = !token || (result && !result.ok && result.tokenDead);
  const error = result && !result.ok && !result.tokenDead ? result.error : null;
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <DashboardStylesheet />
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-center text-3xl font-semibold">{RESET_TEXT.newTitle}</h1>
        {result?.ok ? (
          <>
            <p role="status" className="mt-6 text-stone-700 dark:text-stone-300">
              {RESET_TEXT.done}
            </p>
            <Link to="/login" className={`${buttonClass("primary")} mt-8 w-full`}>
              Sign In
            </Link>
          </>
        ) : dead ? (
          <>
            <p role="alert" className="mt-6 text-stone-700 dark:text-stone-300">
              {RESET_TEXT.deadLink}
            </p>
            <Link to="/login/forgot" className={`${buttonClass("primary")} mt-8 w-full`}>
              {RESET_TEXT.button}
            </Link>
          </>
        ) : (
          <Form method="post" className="mt-8 space-y-5">
            <input type="hidden" name="token" value={token} />
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="At least 8 characters"
            />
            <TextField label="New password again" name="again" type="password" autoComplete="new-password" required maxLength={128} />
            <FormError id="reset-error" message={error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? RESET_TEXT.newBusy : RESET_TEXT.newButton}
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
