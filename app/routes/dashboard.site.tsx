import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.site";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { PhotosPanel } from "#app/features/photos/photos-panel.tsx";
import { listPhotos } from "#app/features/photos/photos.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { requireAdminPage } from "#app/lib/require-admin.server.ts";
import { dashboardPath } from "#app/lib/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  return { dashboardPath, photos: await listPhotos(services) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), { title: "Site", description: "Edit the site.", path: location.pathname, noindex: true });

export default function DashboardSite() {
  const { dashboardPath, photos } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={dashboardPath} title="Site" />
      <PhotosPanel photos={photos} />
    </div>
  );
}
