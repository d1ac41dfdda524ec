import type { Route } from "./+types/social-marks";
import { marksSprite } from "#app/domain/site/social-marks.server.ts";
import { hasMark, SOCIAL_PLATFORM_IDS, type SocialPlatform } from "#app/domain/site/social-platforms.ts";

const WITH_MARK = SOCIAL_PLATFORM_IDS.filter(hasMark);

/**
 * The social links' marks as one SVG file of symbols (marksAddress): `?p=`
 * names the platforms a page shows, none names them all. The drawings change
 * only with simple-icons, so browsers keep the file for a day.
 */
export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("p");
  const platforms = asked === null ? WITH_MARK : asked === "" ? [] : asked.split(",");
  const known = platforms.filter((id): id is SocialPlatform => WITH_MARK.some((platform) => platform === id));
  if (known.length !== platforms.length || new Set(known).size !== known.length) {
    return new Response("Unknown platforms: name each platform with a mark once, separated by commas.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(marksSprite(known), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
