import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.account";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { servicesOf } from "#app/lib/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { requireAdminPage } from "#app/lib/require-admin.server.ts";
import { dashboardPath } from "#app/lib/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(servicesOf(context), request);
  return { dashboardPath };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), { title: "Account", description: "Your account.", path: location.pathname, noindex: true });

export default function DashboardAccount() {
  const { dashboardPath } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={dashboardPath} title="Account" />
    </div>
  );
}
