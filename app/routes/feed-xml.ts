import type { Route } from "./+types/feed-xml";
import { audioSizes, buildFeed } from "#app/features/syndication/feed.server.ts";
import { publicText } from "#app/features/syndication/respond.server.ts";
import { listSongs } from "#app/features/songs/songs.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { socialImagePath } from "#app/lib/document/meta.ts";
import type { Services } from "#app/lib/platform/services.server.ts";
import { loadSiteSettings } from "#app/domain/site/site-settings.server.ts";

// Built once per content version per process: an enclosure's length is a stat
// of its file (a request to the bucket on S3), and every change fans can see,
// a song or the artist's words, moves the version on. (Keyed by the services
// too: tests run several sites in one process.)
const built = new WeakMap<Services, { version: number; body: Promise<string> }>();

async function build(services: Services, version: number): Promise<string> {
  const [songs, { artist }] = await Promise.all([listSongs(services), loadSiteSettings(services.db)]);
  const site = {
    origin: services.env.publicUrl,
    artistName: artist.name,
    tagline: artist.tagline,
    description: artist.description,
    fallbackImage: socialImagePath(version),
  };
  return buildFeed(site, songs, await audioSizes(services.storage, songs));
}

/** GET /feed.xml: the released songs as RSS 2.0 with audio enclosures, for feed readers and podcast apps. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const version = await currentContentVersion(services.db);
  let cached = built.get(services);
  if (cached?.version !== version) {
    const body = build(services, version);
    cached = { version, body };
    built.set(services, cached);
    // A failure is not kept: the next request tries again.
    body.catch(() => {
      if (built.get(services)?.body === body) built.delete(services);
    });
  }
  return publicText(request, await cached.body, "application/rss+xml; charset=utf-8", 300);
}
