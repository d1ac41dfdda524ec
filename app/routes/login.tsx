import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/login";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { LoginForm } from "#app/features/auth/login-form.tsx";
import { handleLogin } from "#app/features/auth/login.server.ts";
import { loginModeFrom } from "#app/features/auth/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { safeReturnPath } from "#app/lib/http/return-path.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await getProfile(servicesOf(context), request);
  const query = new URL(request.url).searchParams;
  return {
    mode: loginModeFrom(query.get("mode")),
    // Where to go once signed in (a page that asked for it); never off the site.
    returnTo: safeReturnPath(query.get("returnTo")),
    signedInAs: profile ? profile.displayName || profile.email : null,
    // "Forgot password?" only where a reset link can be mailed.
    canReset: Boolean(servicesOf(context).mail),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleLogin(servicesOf(context), request);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Sign In",
    description: `Sign in or create an account on ${site.artistName}'s website.`,
    path: "/login",
  });
};

export default function Login() {
  const { mode, returnTo, signedInAs, canReset } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <DashboardStylesheet />
      {signedInAs ? (
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center dark:border-stone-800 dark:bg-stone-900">
          <h1 className="text-2xl font-semibold">You're signed in</h1>
          <p className="mt-3 text-stone-600 dark:text-stone-400">Signed in as {signedInAs}.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {returnTo ? (
              <Link to={returnTo} className={buttonClass("primary")}>
                Continue
              </Link>
            ) : null}
            <Form method="post" action="/logout">
              <Button type="submit" variant="secondary">
                Logout
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <LoginForm key={mode} mode={mode} returnTo={returnTo} result={actionData} canReset={canReset} />
      )}
    </section>
  );
}
