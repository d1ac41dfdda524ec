import { useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.numbers";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { NumbersArea } from "#app/features/numbers/numbers-area.tsx";
import { numbersReport } from "#app/features/numbers/numbers-report.server.ts";
import { parseNumbersQuery } from "#app/features/numbers/schema.ts";
import { NUMBERS_TEXT } from "#app/features/numbers/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  await requireAdminPage(services, request);
  const { days } = parseNumbersQuery(new URL(request.url));
  return { dashboardPath, report: await numbersReport(services.db, days) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: NUMBERS_TEXT.title,
    description: NUMBERS_TEXT.metaDescription,
    path: location.pathname,
    noindex: true,
  });

export default function DashboardNumbers() {
  const { dashboardPath: path, report } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={path} title={NUMBERS_TEXT.title}>
        <p className="max-w-2xl text-stone-600 dark:text-stone-400">{NUMBERS_TEXT.intro}</p>
      </DashboardHeader>
      <NumbersArea report={report} path={`${path}/numbers`} />
    </div>
  );
}
