import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/dashboard.account";
import { DashboardHeader } from "#app/components/layout/dashboard-header.tsx";
import { EmailForm, NameForm, PasswordForm } from "#app/features/auth/account-forms.tsx";
import { accountPage, handleAccountAction } from "#app/features/auth/account.server.ts";
import { AdminsList } from "#app/features/auth/admins-list.tsx";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { requireAdminPage } from "#app/lib/auth/require-admin.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const profile = await requireAdminPage(services, request);
  return { dashboardPath, ...(await accountPage(services, profile)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAccountAction(servicesOf(context), request);
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), { title: "Account", description: "Your account.", path: location.pathname, noindex: true });

export default function DashboardAccount() {
  const { dashboardPath, name, email, admins, invites, history, mailOn } = useLoaderData<typeof loader>();
  // Set only when a form was posted without JavaScript; otherwise each form's fetcher has its answer.
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-12 sm:px-6">
      <DashboardHeader dashboardPath={dashboardPath} title="Account" />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start">
        <div className="space-y-8">
          <NameForm name={name} initial={result} />
          <EmailForm email={email} initial={result} confirmByMail={mailOn} />
          <PasswordForm email={email} initial={result} />
        </div>
        <AdminsList admins={admins} invites={invites} history={history} mailOn={mailOn} />
      </div>
    </div>
  );
}
