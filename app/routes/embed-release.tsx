import { data, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/embed-release";
import { EmbedPlayer, EmbedRouteError, type EmbedUnavailableData } from "#app/features/player/embed-player.tsx";
import { getRelease } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import type { DocumentHandle } from "#app/lib/document/document-handle.ts";
import { absoluteUrl } from "#app/lib/document/meta.ts";
import { isIdShaped } from "#app/domain/public-paths.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/** A page of its own, without the site around it: other sites frame it (docs/decisions/016-embeds-and-feeds.md). */
export const handle: DocumentHandle = { document: "bare" };

const embedQuery = z.object({ theme: z.enum(["light", "dark"]).nullable().catch(null) });

/**
 * GET /embed/release/{release id}: the embeddable player for a release, its
 * tracks that are out in running order, playing on from one to the next. A
 * release that is not there, or has nothing out yet, is the same 404 as a
 * song's player gives.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { theme } = embedQuery.parse({ theme: new URL(request.url).searchParams.get("theme") });
  const [{ artist }, release] = await Promise.all([
    siteSettingsOf(context),
    isIdShaped(params.releaseId) ? getRelease(services, { id: params.releaseId }) : null,
  ]);
  const tracks = (release?.tracks ?? []).filter((track) => track.released);
  const [first] = tracks;
  const siteUrl = absoluteUrl(services.env.publicUrl, "/");
  if (!release || !first) throw data({ artistName: artist.name, siteUrl, noSongs: false } satisfies EmbedUnavailableData, { status: 404 });
  const shareUrl = (path: string) => absoluteUrl(services.env.publicUrl, path);
  return {
    song: first,
    artistName: artist.name,
    shareUrl: shareUrl(first.path),
    theme,
    release: { title: release.title, tracks: tracks.map((song) => ({ song, shareUrl: shareUrl(song.path) })) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.release.title} by ${loaderData.song.artist}` : "Not available" },
  // A player for other sites' pages; the release's own page is what search engines should show.
  { name: "robots", content: "noindex" },
];

export default function EmbedRelease() {
  const { song, artistName, shareUrl, theme, release } = useLoaderData<typeof loader>();
  return <EmbedPlayer song={song} artistName={artistName} shareUrl={shareUrl} theme={theme} release={release} />;
}

export function ErrorBoundary() {
  return <EmbedRouteError />;
}
