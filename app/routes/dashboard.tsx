import { Form, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { requireAdminPage } from "#app/lib/require-admin.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Decided on the server: anonymous visitors and non-admins never see the dashboard.
  const profile = await requireAdminPage(servicesOf(context), request);
  return { greetingName: profile.displayName || profile.email };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Dashboard",
    description: "Manage songs and messages.",
    path: location.pathname,
    noindex: true,
  });

export default function Dashboard() {
  const { greetingName } = useLoaderData<typeof loader>();
  const loggingOut = useNavigation().formAction === "/logout";
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Dashboard</p>
          <h1 className="mt-2 text-3xl font-semibold">Welcome, {greetingName}</h1>
        </div>
        <Form method="post" action="/logout">
          <button type="submit" className={buttonStyles.secondary} disabled={loggingOut}>
            {loggingOut ? "Logging out..." : "Logout"}
          </button>
        </Form>
      </div>
    </section>
  );
}
