import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.release";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { ReleaseEditor } from "#app/features/releases/dashboard-release-editor.tsx";
import { AddTracks } from "#app/features/songs/add-tracks.tsx";
import { deleteSong } from "#app/features/songs/songs.server.ts";
import { ReleaseDaySection } from "#app/features/songs/release-day-section.tsx";
import { ReleaseCoverSection } from "#app/features/songs/release-cover-section.tsx";
import { moveReleaseDay, releaseWholeNow } from "#app/features/songs/release-day.server.ts";
import { releaseAnnouncement } from "#app/features/mailings/release-announcement.server.ts";
import { releaseForEditing } from "#app/features/releases/release-edit.server.ts";
import { handleReleaseEditorAction } from "#app/features/releases/release-editor-action.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { adminRefusal, requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { timeZoneNames } from "#app/lib/time/zoned-time.ts";
import { ListeningLinksSection } from "#app/features/listening-links/links-section.tsx";
import { createLink, extendLink, listReleaseLinks, restoreLink, revokeLink } from "#app/features/listening-links/listening-links.server.ts";
import { DownloadsSection } from "#app/features/downloads/downloads-section.tsx";
import { releaseOffer, retryDownloadFile, saveReleaseOffer } from "#app/features/downloads/offer.server.ts";
import { downloadCounts } from "#app/features/downloads/download-counts.server.ts";
import { releaseZipStates } from "#app/features/downloads/release-zips.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";
import { supportOffered } from "#app/domain/site/site-config-schema.ts";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  const editing = await releaseForEditing(services, params.releaseId);
  if (!editing) throw data(null, { status: 404 });
  // The day its tracks not out yet share (decision 023): the first coming track's.
  const coming = editing.tracks.filter((track) => !track.song.released && track.song.releaseAt !== null);
  const first = coming[0]?.song;
  const comingDay =
    first?.releaseAt != null
      ? { at: first.releaseAt, timeZone: first.releaseTimeZone ?? "UTC", announce: first.releaseAnnounce, trackCount: coming.length }
      : null;
  return {
    dashboardPath,
    editing,
    origin: services.env.publicUrl,
    comingDay,
    // The server's list, sent with the page: the zones its first paint offers are those the running app offers.
    zones: comingDay ? timeZoneNames() : [],
    mailOn: services.mail !== undefined,
    links: await listReleaseLinks(services, editing.release.id),
    downloads: await downloadsPart(services, editing.release.id),
  };
}

/** The Downloads part: the offer, how each file stands, and the counts per day. */
async function downloadsPart(services: ReturnType<typeof servicesOf>, releaseId: string) {
  const [offer, states, counts, settings] = await Promise.all([
    releaseOffer(services.db, releaseId),
    releaseZipStates(services.db, [releaseId]),
    downloadCounts(services.db, releaseId),
    loadSiteSettings(services.db),
  ]);
  return offer ? { offer, states: states.get(releaseId) ?? {}, counts, supportSet: supportOffered(settings.support) } : null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await adminRefusal(services, request);
  const result = denied
    ? { ...denied, intent: "" as const, target: "", fields: {}, values: {} }
    : await handleReleaseEditorAction(services, request, {
        deleteTrack: (songId) => deleteSong(services, songId),
        moveDay: (form) => moveReleaseDay(services, form),
        releaseNow: (releaseId) => releaseWholeNow(services, releaseId, releaseAnnouncement(services)),
        link: (step, form) =>
          step === "create"
            ? createLink(services, params.releaseId, form)
            : step === "revoke"
              ? revokeLink(services, params.releaseId, form)
              : step === "restore"
                ? restoreLink(services, params.releaseId, form)
                : extendLink(services, params.releaseId, form),
        downloads: (form) => saveReleaseOffer(services.db, params.releaseId, form),
        retryDownload: (form) => retryDownloadFile(services, params.releaseId, form),
      });
  // A release deleted, or emptied by moving its last track away, has no editor left: back to the list.
  if (result.ok && result.intent === "delete") throw redirect(`${dashboardPath}/music`, 303);
  // Its last track deleted, the release went with it (a release with no track is not kept): back to the list.
  if (result.ok && result.intent === "delete-track" && !(await releaseForEditing(services, params.releaseId)))
    throw redirect(`${dashboardPath}/music`, 303);
  if (result.ok && result.intent === "move-to" && result.id) throw redirect(`${dashboardPath}/music/${result.id}`, 303);
  return formAnswer(result, { "Cache-Control": "no-store" });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(siteMetaFrom(matches), {
    title: loaderData ? `${loaderData.editing.release.title} · Releases` : "Release not found",
    description: "Edit a release: its details, running order, lyrics and credits.",
    path: location.pathname,
    noindex: true,
  });

export default function DashboardRelease() {
  const { dashboardPath: path, editing, origin, comingDay, zones, mailOn, links, downloads } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={path} title={editing.release.title} />
      <ReleaseEditor
        data={editing}
        dashboardPath={path}
        origin={origin}
        addTracks={
          <AddTracks key={editing.release.id} releaseId={editing.release.id} needsCover={editing.tracks.length === 0} mailOn={mailOn} />
        }
        cover={
          editing.tracks[0] ? (
            <ReleaseCoverSection releaseId={editing.release.id} title={editing.release.title} coverKey={editing.tracks[0].song.coverKey} />
          ) : null
        }
        releaseDay={
          <ReleaseDaySection
            key={`${editing.release.id}-${comingDay?.at ?? "out"}`}
            releaseId={editing.release.id}
            title={editing.release.title}
            coming={comingDay}
            zones={zones}
            mailOn={mailOn}
          />
        }
      />
      {editing.tracks.length > 0 ? (
        <ListeningLinksSection
          releaseId={editing.release.id}
          kind={editing.release.kind === "ep" ? "EP" : editing.release.kind}
          tracks={editing.tracks.map(({ song }) => ({ id: song.id, title: song.title }))}
          links={links}
          mailOn={mailOn}
        />
      ) : null}
      {downloads && editing.tracks.length > 0 ? (
        <DownloadsSection
          releaseId={editing.release.id}
          offer={downloads.offer}
          states={downloads.states}
          counts={downloads.counts}
          mailOn={mailOn}
          supportSet={downloads.supportSet}
        />
      ) : null}
    </div>
  );
}
