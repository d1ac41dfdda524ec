import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.site";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { SiteSections, type SiteEditorData } from "#app/features/site/site-sections.tsx";
import { SITE_TEXT } from "#app/features/site/ui-text.ts";
import { listSongs } from "#app/features/songs/songs.server.ts";
import { PhotosArea } from "#app/features/photos/photos-area.tsx";
import { listPhotos } from "#app/features/photos/photos.server.ts";
import { PressFilesArea } from "#app/features/press/press-files-area.tsx";
import { listPressFiles } from "#app/features/press/press-files.server.ts";
import { pressReleaseChoices } from "#app/features/press/press-kit.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { SITE_SECTIONS, type SiteSection } from "#app/domain/site/site-config-schema.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { legalTemplate, listSiteVersions, loadSiteSettingsState, type SiteVersion } from "#app/domain/site/site-settings.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  const [{ settings, sections }, songs, versionLists, photos, releases, pressFiles] = await Promise.all([
    loadSiteSettingsState(services.db),
    listSongs(services),
    Promise.all(SITE_SECTIONS.map((section) => listSiteVersions(services.db, section))),
    listPhotos(services),
    pressReleaseChoices(services.db),
    listPressFiles(services.db),
  ]);
  const versions = Object.fromEntries(SITE_SECTIONS.map((section, i) => [section, versionLists[i] ?? []])) as Record<
    SiteSection,
    SiteVersion[]
  >;
  const editor: SiteEditorData = {
    settings,
    sections,
    versions,
    songs: songs.map((song) => ({ id: song.id, title: song.title })),
    legal: { privacy: legalTemplate(settings, "privacy"), terms: legalTemplate(settings, "terms") },
    releases,
  };
  return { dashboardPath, editor, photos, pressFiles };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), { title: "Site", description: "Edit the site.", path: location.pathname, noindex: true });

export default function DashboardSite() {
  const { dashboardPath, editor, photos, pressFiles } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={dashboardPath} title="Site">
        <p className="max-w-2xl text-stone-600 dark:text-stone-400">{SITE_TEXT.intro}</p>
      </DashboardHeader>
      <PhotosArea photos={photos} />
      <div className="max-w-4xl">
        <SiteSections data={editor} pressFiles={<PressFilesArea files={pressFiles} />} />
      </div>
    </div>
  );
}
