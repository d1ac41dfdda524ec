import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { SETUP_INVALID } from "#app/features/auth/ui-text.ts";
import { handleSetup } from "#app/features/auth/setup.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { isSetupTokenValid } from "#app/features/auth/setup-token.server.ts";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = await isSetupTokenValid(servicesOf(context), token);
  return { token: valid ? token : null };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSetup(servicesOf(context), request);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Set up your site",
    description: "Create the first admin account.",
    path: "/setup",
    noindex: true,
  });

export default function Setup() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <DashboardStylesheet />
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-center text-3xl font-semibold">Set up your site</h1>
        {token ? (
          <Form method="post" className="mt-8 space-y-5">
            <p className="text-sm text-stone-600 dark:text-stone-400">
              Create the admin account that runs this site. This link works once.
            </p>
            <input type="hidden" name="token" value={token} />
            <TextField label="Name" name="name" autoComplete="name" required maxLength={100} />
            <TextField label="Email" name="email" type="email" autoComplete="email" required />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="At least 8 characters"
            />
            <FormError id="setup-error" message={actionData?.error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? "Processing..." : "Create Admin Account"}
            </Button>
          </Form>
        ) : (
          <>
            <p role="alert" className="mt-6 text-center text-stone-700 dark:text-stone-300">
              {SETUP_INVALID}
            </p>
            {/* Most often the link was used already: the account it made signs in as any other. */}
            <p className="mt-4 text-center text-sm text-stone-600 dark:text-stone-400">Already set up your account?</p>
            <div className="mt-3 flex justify-center">
              <Link to="/login" className={buttonClass("primary")}>
                Sign in
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
