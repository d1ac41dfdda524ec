import { data, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/embed";
import { EmbedPlayer, EmbedRouteError, type EmbedUnavailableData as Unavailable } from "#app/features/player/embed-player.tsx";
import { getSong, listSongs } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import type { DocumentHandle } from "#app/lib/document/document-handle.ts";
import { absoluteUrl } from "#app/lib/document/meta.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

/** A page of its own, without the site around it: other sites frame it (docs/decisions/016-embeds-and-feeds.md). */
export const handle: DocumentHandle = { document: "bare" };

/** `?theme=light|dark` makes the player ignore the visitor's system setting; any other value is as if none. */
const embedQuery = z.object({ theme: z.enum(["light", "dark"]).nullable().catch(null) });

/**
 * GET /embed/{songId}: the embeddable player for one released song; /embed:
 * for the latest release (else the newest song). A song that is not there or
 * not out yet is a 404, the same to anyone.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { theme } = embedQuery.parse({ theme: new URL(request.url).searchParams.get("theme") });
  const [{ artist }, song] = await Promise.all([
    siteSettingsOf(context),
    params.songId === undefined
      ? listSongs(services).then((songs) => songs.find((s) => s.isLatest) ?? songs[0] ?? null)
      : getSong(services, params.songId),
  ]);
  const siteUrl = absoluteUrl(services.env.publicUrl, "/");
  if (!song?.released) {
    throw data({ artistName: artist.name, siteUrl, noSongs: params.songId === undefined } satisfies Unavailable, { status: 404 });
  }
  return { song, artistName: artist.name, shareUrl: absoluteUrl(services.env.publicUrl, song.path), theme };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.song.title} by ${loaderData.song.artist}` : "Not available" },
  // A player for other sites' pages; the song's own page is what search engines should show.
  { name: "robots", content: "noindex" },
];

export default function Embed() {
  const { song, artistName, shareUrl, theme } = useLoaderData<typeof loader>();
  return <EmbedPlayer song={song} artistName={artistName} shareUrl={shareUrl} theme={theme} />;
}

export function ErrorBoundary() {
  return <EmbedRouteError />;
}
