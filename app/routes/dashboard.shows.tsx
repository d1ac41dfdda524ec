import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.shows";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { ShowsArea } from "#app/features/shows/shows-area.tsx";
import { handleShowsAction, showsAreaPage } from "#app/features/shows/shows-area.server.ts";
import { SHOW_TEXT } from "#app/features/shows/shows-area-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { adminRefusal, requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  return { dashboardPath, ...(await showsAreaPage(services)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await adminRefusal(services, request);
  const result = denied ? { ...denied, intent: "" } : await handleShowsAction(services, request);
  // Answered as data, so a fetcher shows the refusal; posted as a whole page, the loader then sends a non-admin home.
  return formAnswer(result, { "Cache-Control": "no-store" });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: SHOW_TEXT.title,
    description: SHOW_TEXT.metaDescription,
    path: location.pathname,
    noindex: true,
  });

export default function DashboardShows() {
  const { dashboardPath: path, ...area } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={path} title={SHOW_TEXT.title}>
        <p className="max-w-2xl text-stone-600 dark:text-stone-400">{SHOW_TEXT.intro}</p>
      </DashboardHeader>
      <ShowsArea data={area} />
    </div>
  );
}
