import { data } from "react-router";
import type { Route } from "./+types/listen-beacon";
import { openLink, recordPlay, recordVisit } from "#app/features/listening-links/listening-links.server.ts";
import { isTokenShaped } from "#app/lib/auth/bearer-secrets.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * POST /listen/{token}/beacon: the link's page tells of a visit (once it runs
 * in a person's browser) or a track started, for the counts the artist sees.
 * 204 when counted; the link's own 404 or 410 otherwise.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const opened = isTokenShaped(params.token) ? await openLink(services.db, params.token) : ({ state: "missing" } as const);
  if (opened.state !== "live") return data(null, { status: opened.state === "gone" ? 410 : 404, headers: NO_STORE });
  const read = await readForm(request);
  if (!read.ok) return data(null, { status: read.status, headers: NO_STORE });
  const { intent } = textFields(read.form);
  if (intent === "visit") await recordVisit(services, opened.link);
  else if (intent === "play") await recordPlay(services, opened.link);
  else return data(null, { status: 400, headers: NO_STORE });
  return new Response(null, { status: 204, headers: NO_STORE });
}
