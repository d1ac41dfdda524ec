import { renderDefaultSocialImage } from "#app/features/social-image/social-image.server.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";

// Rendered once per process: it depends only on site.config.ts.
let image: Promise<Buffer> | undefined;

export async function loader() {
  image ??= renderDefaultSocialImage({
    artistName: siteConfig.artist.name,
    tagline: siteConfig.artist.tagline,
    genres: siteConfig.artist.genres,
  });
  const body = await image;
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
