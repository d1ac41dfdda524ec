import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.codes";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { CodesArea } from "#app/features/downloads/codes-area.tsx";
import { handleCodesAction } from "#app/features/downloads/codes-action.server.ts";
import { listCodeBatches, releasesForCodes } from "#app/features/downloads/codes.server.ts";
import { CODES_TEXT } from "#app/features/downloads/codes-ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { adminRefusal, requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { formActionHeaders, formAnswer } from "#app/lib/http/wire.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  const [releases, batches, settings] = await Promise.all([
    releasesForCodes(services.db),
    listCodeBatches(services.db),
    siteSettingsOf(context),
  ]);
  return {
    dashboardPath,
    releases,
    batches,
    artistName: settings.artist.name,
    // The cards' QR codes lead here; their words print it without its scheme.
    origin: services.env.publicUrl.replace(/\/+$/, ""),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await adminRefusal(services, request);
  const result = denied
    ? { ...denied, intent: "" as const, target: "", fields: {}, values: {} }
    : await handleCodesAction(services.db, request);
  // A batch's plain codes are in this answer, and in the page a post without JavaScript gets back: kept by no cache.
  return formAnswer(result, { "Cache-Control": "no-store" });
}

export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: CODES_TEXT.title,
    description: CODES_TEXT.metaDescription,
    path: location.pathname,
    noindex: true,
  });

export default function DashboardCodes() {
  const { dashboardPath: path, releases, batches, artistName, origin } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-12 px-4 py-12 sm:px-6 print:max-w-none print:space-y-0 print:p-0">
      <div className="print:hidden">
        <DashboardHeader dashboardPath={path} title={CODES_TEXT.title}>
          <p className="max-w-2xl text-stone-600 dark:text-stone-400">{CODES_TEXT.intro}</p>
        </DashboardHeader>
      </div>
      <CodesArea releases={releases} batches={batches} artistName={artistName} origin={origin} />
    </div>
  );
}
