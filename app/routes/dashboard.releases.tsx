import { redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.releases";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { ReleasesList } from "#app/features/releases/dashboard-releases-list.tsx";
import { listReleasesForEditing } from "#app/features/releases/release-edit.server.ts";
import { handleReleaseEditorAction } from "#app/features/releases/release-editor-action.server.ts";
import { RELEASE_EDITOR_TEXT } from "#app/features/releases/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { adminRefusal, requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  return { dashboardPath, releases: await listReleasesForEditing(services) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await adminRefusal(services, request);
  const result = denied
    ? { ...denied, intent: "" as const, target: "", fields: {}, values: {} }
    : await handleReleaseEditorAction(services, request);
  // A release just made opens in its editor, where its tracks are added and ordered.
  if (result.ok && result.intent === "create" && result.id) throw redirect(`${dashboardPath}/music/${result.id}`, 303);
  return formAnswer(result, { "Cache-Control": "no-store" });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: RELEASE_EDITOR_TEXT.listTitle,
    description: RELEASE_EDITOR_TEXT.listIntro,
    path: location.pathname,
    noindex: true,
  });

export default function DashboardReleases() {
  const { dashboardPath: path, releases } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={path} title={RELEASE_EDITOR_TEXT.listTitle}>
        <p className="max-w-2xl text-stone-600 dark:text-stone-400">{RELEASE_EDITOR_TEXT.listIntro}</p>
      </DashboardHeader>
      <ReleasesList releases={releases} dashboardPath={path} />
    </div>
  );
}
