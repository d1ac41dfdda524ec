import { useId } from "react";
import { data, Link, redirect, useActionData, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { EmailForm, NameForm, PasswordForm } from "#app/features/auth/account-forms.tsx";
import { handleAccountAction, PASSWORD_TRIES } from "#app/features/auth/account.server.ts";
import { callAuth, headersWithCookies } from "#app/features/auth/auth-request.server.ts";
import { deleteAccount } from "#app/features/auth/email-change.server.ts";
import { MY_ACCOUNT_TEXT } from "#app/features/auth/ui-text.ts";
import { joinFromAccount, listStanding, unsubscribe } from "#app/features/newsletter/subscribers.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { takeFormRateLimit, RATE_LIMIT_MESSAGE } from "#app/lib/http/form-guard.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { isAdmin } from "#app/lib/auth/profile.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { EARLY_SUBMIT_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";
import { formAnswer, type FormAnswer } from "#app/lib/http/wire.ts";
import { ok, refused, type Result } from "#app/lib/result.ts";

// /account: a signed-in person's own page (a fan's, and an admin's too): their
// name, e-mail and password, whether they are on the mailing list, and
// deleting the account. Private: never cached, never indexed.

const privateHeaders = { "Cache-Control": "private, no-store" };

/** The loader's headers on the page itself, not only on its data. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const profile = await getProfile(services, request);
  if (!profile) throw redirect("/login?returnTo=%2Faccount", { headers: privateHeaders });
  return data(
    {
      name: profile.displayName,
      email: profile.email,
      list: await listStanding(services, profile.email),
      dashboardPath: isAdmin(profile) ? dashboardPath : null,
      mailOn: Boolean(services.mail),
    },
    { headers: privateHeaders },
  );
}

type Standing = "on" | "waiting" | "off";
/** Joining or leaving the list: where the address stands now. */
type ListResult = Result<{ intent: "join-list" | "leave-list"; standing: Standing }>;
/** Deleting the account: its success is a redirect home, so only a refusal comes back to the form. */
type DeleteResult = Result<object, { intent: "delete-account"; field?: "currentPassword" }>;

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  // The name, e-mail and password forms are the dashboard's own (account.server.ts); the rest is this page's.
  const read = await readForm(request.clone());
  const fields = read.ok ? textFields(read.form) : {};
  const intent = fields.intent;
  if (intent !== "join-list" && intent !== "leave-list" && intent !== "delete-account") {
    return handleAccountAction(services, request, "anyone signed in");
  }
  const profile = await getProfile(services, request);
  if (!profile) throw redirect("/login?returnTo=%2Faccount");
  if (intent === "join-list") {
    return formAnswer<ListResult>(ok({ intent, standing: await joinFromAccount(services, profile.email) }), privateHeaders);
  }
  if (intent === "leave-list") {
    await unsubscribe(services, profile.email);
    return formAnswer<ListResult>(ok({ intent, standing: "off" }), privateHeaders);
  }
  if (!(await takeFormRateLimit(services, request, PASSWORD_TRIES))) {
    return formAnswer<DeleteResult>(refused(429, RATE_LIMIT_MESSAGE, { intent }), privateHeaders);
  }
  const deleted = await deleteAccount(services, profile, fields.currentPassword ?? "");
  if (!deleted.ok) return formAnswer<DeleteResult>({ ...deleted, intent }, privateHeaders);
  if (fields.leaveList === "on") await unsubscribe(services, profile.email);
  // The session's cookie goes with the account; the home page says it is done.
  const signOut = await callAuth(services, request, "/sign-out");
  const toast = await flashToast(services.env, { message: MY_ACCOUNT_TEXT.deleted, type: "success" });
  return redirect("/", { headers: headersWithCookies(signOut.setCookies, [toast]) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), { title: MY_ACCOUNT_TEXT.title, description: "Your account.", path: "/account", noindex: true });

const card = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900";

function MailingList({ email, initial }: { email: string; initial: Standing }) {
  const fetcher = useFetcher<FormAnswer<ListResult>>();
  const answer = fetcher.data?.ok ? fetcher.data : undefined;
  const standing = answer?.standing ?? initial;
  const busy = fetcher.state !== "idle";
  const headingId = useId();
  const said =
    answer?.intent === "join-list"
      ? standing === "on"
        ? MY_ACCOUNT_TEXT.joined
        : MY_ACCOUNT_TEXT.joinConfirm(email)
      : answer?.intent === "leave-list"
        ? MY_ACCOUNT_TEXT.left
        : null;
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-semibold">
        {MY_ACCOUNT_TEXT.listHeading}
      </h2>
      <p className="mt-2 text-sm text-stone-600 [overflow-wrap:anywhere] dark:text-stone-400">
        {standing === "on"
          ? MY_ACCOUNT_TEXT.listOn(email)
          : standing === "waiting"
            ? MY_ACCOUNT_TEXT.listWaiting(email)
            : MY_ACCOUNT_TEXT.listOff(email)}
      </p>
      <fetcher.Form method="post" className="mt-5">
        <input type="hidden" name="intent" value={standing === "off" ? "join-list" : "leave-list"} />
        <button type="submit" className={standing === "off" ? buttonClass("primary") : buttonClass("secondary")} disabled={busy}>
          {standing === "off" ? MY_ACCOUNT_TEXT.join : MY_ACCOUNT_TEXT.leave}
        </button>
      </fetcher.Form>
      <p role="status" className="mt-3 text-sm font-medium text-emerald-700 dark:text-emerald-400">
        {said}
      </p>
    </section>
  );
}

function DeleteAccount({ answer }: { answer: FormAnswer<DeleteResult> | undefined }) {
  const fetcher = useFetcher<FormAnswer<DeleteResult>>();
  const result = fetcher.data ?? answer;
  const busy = fetcher.state !== "idle";
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${card} border-red-200 dark:border-red-900`}>
      <h2 id={headingId} className="text-xl font-semibold">
        {MY_ACCOUNT_TEXT.deleteHeading}
      </h2>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{MY_ACCOUNT_TEXT.deleteIntro}</p>
      {/* Held until the app is there when sent early: sent as a page, it would skip the confirm. */}
      <fetcher.Form
        method="post"
        className="mt-5 space-y-4"
        {...{ [EARLY_SUBMIT_ATTRIBUTE]: "" }}
        onSubmit={(event) => {
          if (!window.confirm(MY_ACCOUNT_TEXT.deleteConfirm)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete-account" />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={result && !result.ok && result.field === "currentPassword" ? result.error : undefined}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="leaveList" defaultChecked className="size-4 accent-brand-600" />
          {MY_ACCOUNT_TEXT.alsoLeave}
        </label>
        <FormError id={`${headingId}-error`} message={result && !result.ok && !result.field ? result.error : null} />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center rounded-full border border-red-300 px-6 py-3 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950"
        >
          {busy ? "Deleting..." : MY_ACCOUNT_TEXT.deleteButton}
        </button>
      </fetcher.Form>
    </section>
  );
}

export default function Account() {
  const { name, email, list, dashboardPath: dashboard, mailOn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const accountResult = result && "values" in result ? result : result && "message" in result ? result : undefined;
  const deleteResult =
    result && "intent" in result && result.intent === "delete-account" ? (result as FormAnswer<DeleteResult>) : undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6">
      <DashboardStylesheet />
      <div>
        <h1 className="text-3xl font-semibold">{MY_ACCOUNT_TEXT.title}</h1>
        {dashboard ? (
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            {MY_ACCOUNT_TEXT.dashboardNote}{" "}
            <Link to={`${dashboard}/account`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
              {MY_ACCOUNT_TEXT.openDashboard}
            </Link>
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2 lg:items-start">
        <div className="space-y-8">
          <NameForm name={name} initial={accountResult} />
          <EmailForm email={email} initial={accountResult} confirmByMail={mailOn} />
          <PasswordForm email={email} initial={accountResult} />
        </div>
        <div className="space-y-8">
          <MailingList email={email} initial={list} />
          <DeleteAccount answer={deleteResult} />
        </div>
      </div>
    </div>
  );
}
