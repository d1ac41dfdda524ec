import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.mail";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { MailArea } from "#app/features/mailings/mail-area.tsx";
import { handleMailAreaAction, mailAreaPage } from "#app/features/mailings/mail-area.server.ts";
import { MAILING_TEXT } from "#app/features/mailings/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { adminRefusal, NOT_SIGNED_IN, requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { formAnswer } from "#app/lib/http/wire.ts";
import { refused } from "#app/lib/result.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const profile = await requireAdminPage(services, request);
  return { dashboardPath, ...(await mailAreaPage(services, profile)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const denied = await adminRefusal(services, request);
  // An admin's session that ended between the two reads is answered as signed out.
  const profile = denied ? null : await getProfile(services, request);
  const result = profile
    ? await handleMailAreaAction(services, request, profile)
    : { ...(denied ?? refused(401, NOT_SIGNED_IN)), intent: "" };
  // Answered as data, so a fetcher shows the refusal; posted as a whole page, the loader then sends a non-admin home.
  return formAnswer(result, { "Cache-Control": "no-store" });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: MAILING_TEXT.title,
    description: "Mail to your subscribers.",
    path: location.pathname,
    noindex: true,
  });

export default function DashboardMail() {
  const { dashboardPath: path, ...area } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={path} title={MAILING_TEXT.title}>
        <p className="max-w-2xl text-stone-600 dark:text-stone-400">{MAILING_TEXT.intro}</p>
      </DashboardHeader>
      <MailArea data={area} />
    </div>
  );
}
