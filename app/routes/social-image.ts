import type { Route } from "./+types/social-image";
import { renderDefaultSocialImage } from "#app/features/social-image/social-image.server.ts";
import { servicesOf } from "#app/lib/app-context.ts";
import { currentContentVersion } from "#app/lib/content-version.server.ts";
import { siteSettingsOf } from "#app/lib/site-settings.server.ts";

// Rendered once per content version: a save in the Site area moves the version, on every process.
let cached: { version: number; image: Promise<Buffer> } | undefined;

export async function loader({ context }: Route.LoaderArgs) {
  const version = await currentContentVersion(servicesOf(context).db);
  if (cached?.version !== version) {
    const { artist } = await siteSettingsOf(context);
    const image = renderDefaultSocialImage({ artistName: artist.name, tagline: artist.tagline, genres: artist.genres });
    cached = { version, image };
    image.catch(() => {
      if (cached?.image === image) cached = undefined;
    });
  }
  const body = await cached.image;
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(body.length),
      // Pages name the image with the content version (?v=), so a new name is a new address.
      "Cache-Control": "public, max-age=300",
    },
  });
}
