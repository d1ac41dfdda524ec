import { useState } from "react";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/dashboard";
import type { loader as rootLoader } from "#app/root.tsx";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { HeldArea } from "#app/features/held/held-area.tsx";
import { FirstRunChecklist } from "#app/features/site/first-run-checklist.tsx";
import { firstRunChecklist } from "#app/features/site/first-run.server.ts";
import { InboxArea } from "#app/features/inbox/inbox-area.tsx";
import { inboxForDashboard } from "#app/features/inbox/inbox.server.ts";
import { usePlayer, usePlayerState } from "#app/features/player/player-context.tsx";
import { SubscribersArea } from "#app/features/newsletter/subscribers-area.tsx";
import { subscribersForDashboard } from "#app/features/newsletter/subscribers.server.ts";
import { MusicLibrary } from "#app/features/songs/music-library.tsx";
import { AudioUploadLimitProvider } from "#app/features/songs/audio-upload-limit.tsx";
import { listSongsPage } from "#app/features/songs/songs.server.ts";
import { releaseChoices } from "#app/features/releases/release-edit.server.ts";
import { SONG_TEXT } from "#app/features/songs/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { HELD_ERRORS } from "#app/domain/held-submission.ts";
import { listHeld } from "#app/domain/held-submissions.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { firstPageOrError } from "#app/lib/db/paged-list.server.ts";
import { requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  // Decided on the server: anonymous visitors and non-admins never see the dashboard.
  const profile = await requireAdminPage(services, request);
  // One area failing to load leaves the others working.
  const [songs, releases, messages, subscribers, filtered, settings, checklist] = await Promise.all([
    firstPageOrError(() => listSongsPage(services), SONG_TEXT.loadFailed),
    releaseChoices(services).catch((error: unknown) => {
      // Without them a new song is a single, as before releases.
      console.error("Loading the releases failed", error);
      return [];
    }),
    inboxForDashboard(services),
    subscribersForDashboard(services),
    firstPageOrError(() => listHeld(services.db), HELD_ERRORS.loadFailed),
    siteSettingsOf(context),
    firstRunChecklist(services.db).catch((error: unknown) => {
      // A convenience: without it the dashboard still works.
      console.error("Loading the first-run checklist failed", error);
      return [];
    }),
  ]);
  return {
    dashboardPath,
    greetingName: profile.displayName || profile.email,
    artistName: settings.artist.name,
    mailOn: services.mail !== undefined,
    audioUploadMaxBytes: services.env.audioUploadMaxBytes,
    checklist,
    songs,
    releases,
    messages,
    subscribers,
    filtered,
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Dashboard",
    description: "Manage songs and messages.",
    path: location.pathname,
    noindex: true,
  });

export default function Dashboard() {
  const {
    dashboardPath,
    greetingName,
    artistName,
    mailOn,
    audioUploadMaxBytes,
    checklist,
    songs,
    releases,
    messages,
    subscribers,
    filtered,
  } = useLoaderData<typeof loader>();
  // The inbox and subscriber areas keep their own lists once loaded; a release from
  // Filtered (after which the loader has run again) starts them afresh from its data.
  const [released, setReleased] = useState({ contact: 0, newsletter: 0 });
  // The library plays through the site's player; the songs feature does not import it.
  const player = usePlayer();
  const { queue, index, playing } = usePlayerState();
  const playback = { currentId: queue[index]?.id ?? null, playing, play: player.playQueue.bind(player), toggle: () => player.toggle() };
  const shareOrigin = useRouteLoaderData<typeof rootLoader>("root")?.siteMeta.origin;
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={dashboardPath} title={`Welcome, ${greetingName}`} />
      <FirstRunChecklist items={checklist} dashboardPath={dashboardPath} />
      <InboxArea key={`inbox-${released.contact}`} initial={messages} />
      <AudioUploadLimitProvider value={audioUploadMaxBytes}>
        <MusicLibrary
          initial={songs}
          artistName={artistName}
          playback={playback}
          shareOrigin={shareOrigin}
          mailOn={mailOn}
          releaseEditorPath={(releaseId) => `${dashboardPath}/music/${releaseId}`}
          releases={releases}
        />
      </AudioUploadLimitProvider>
      <SubscribersArea key={`list-${released.newsletter}`} initial={subscribers} />
      <HeldArea initial={filtered} onReleased={(kind) => setReleased((count) => ({ ...count, [kind]: count[kind] + 1 }))} />
    </div>
  );
}
