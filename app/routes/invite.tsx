import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/invite";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { FormError, TextField } from "#app/components/ui/text-field.tsx";
import { callAuth, headersWithCookies } from "#app/features/auth/auth-request.server.ts";
import { acceptInvite, inviteState, type InviteState } from "#app/features/auth/invites.server.ts";
import { INVITE_TEXT, LOGIN_TEXT } from "#app/features/auth/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { takeFormRateLimit, RATE_LIMIT_MESSAGE, type FormRateLimit } from "#app/lib/http/form-guard.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { signInPath } from "#app/lib/http/return-path.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";

// /invite?token=… (the link an admin's invite gives): the invited person sets a
// name and password and becomes an admin, or, when their address already has an
// account, accepts while signed in as it. Opening the link changes nothing.

const ACCEPT_LIMIT: FormRateLimit = { name: "invite-accept", max: 10, windowMs: 10 * 60 * 1000 };
const noStore = { "Cache-Control": "private, no-store" };

const newAccount = z.object({
  name: z.string({ error: LOGIN_TEXT.missingName }).trim().min(1, LOGIN_TEXT.missingName).max(100),
  password: z.string({ error: LOGIN_TEXT.missingPassword }).min(8, LOGIN_TEXT.passwordTooShort).max(128, LOGIN_TEXT.passwordTooLong),
});

type Page = { token: string; invite: InviteState; signedInAs: string | null };

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [invite, profile] = await Promise.all([inviteState(services, token), getProfile(services, request)]);
  return data<Page>({ token, invite, signedInAs: profile?.email ?? null }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.error }, { status: read.status, headers: noStore });
  if (!(await takeFormRateLimit(services, request, ACCEPT_LIMIT)))
    return data({ error: RATE_LIMIT_MESSAGE }, { status: 429, headers: noStore });
  const fields = textFields(read.form);
  const token = fields.token ?? "";
  const signedInAs = await getProfile(services, request);
  const invite = await inviteState(services, token);
  let credentials: { name: string; password: string } | null = null;
  if (invite.state === "open" && !invite.hasAccount) {
    const parsed = newAccount.safeParse(fields);
    if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? INVITE_TEXT.failed }, { status: 400, headers: noStore });
    credentials = parsed.data;
  }
  try {
    const accepted = await acceptInvite(services, token, { signedInAs, ...credentials });
    if (!accepted.ok) return data({ error: accepted.error }, { status: accepted.status, headers: noStore });
  } catch (error) {
    // better-auth's refusal (a guessable password…) is the person's to fix; anything else is logged.
    const message = error instanceof Error && error.message ? error.message : INVITE_TEXT.failed;
    if (!(error instanceof Error && "status" in error)) console.error("Accepting an invite failed", error);
    return data({ error: message }, { status: 400, headers: noStore });
  }
  const toast = await flashToast(services.env, { message: INVITE_TEXT.welcome, type: "success" });
  if (credentials && invite.state === "open") {
    // A new account: signed in at once, as after the setup link.
    const signIn = await callAuth(services, request, "/sign-in/email", { email: invite.email, password: credentials.password });
    return redirect(signIn.ok ? dashboardPath : "/login", { headers: headersWithCookies(signIn.setCookies, [toast]) });
  }
  return redirect(dashboardPath, { headers: { "Set-Cookie": toast } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: INVITE_TEXT.pageTitle,
    description: "Accept an invite to run the site.",
    path: "/invite",
    noindex: true,
  });

export default function Invite() {
  const { token, invite, signedInAs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const busy = useNavigation().state !== "idle";
  const artist = root?.siteMeta.artistName ?? "this";
  const invitePath = `/invite?token=${encodeURIComponent(token)}`;
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <DashboardStylesheet />
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-center text-3xl font-semibold">{INVITE_TEXT.pageTitle}</h1>
        {invite.state !== "open" ? (
          <>
            <p role="alert" className="mt-6 text-center text-stone-700 dark:text-stone-300">
              {INVITE_TEXT.closed[invite.state]}
            </p>
            <p className="mt-4 text-center text-sm text-stone-600 dark:text-stone-400">{INVITE_TEXT.closedHint}</p>
            <div className="mt-6 flex justify-center">
              <Link to={signInPath(dashboardPathOf(root))} className={buttonClass("primary")}>
                Sign in
              </Link>
            </div>
          </>
        ) : invite.hasAccount ? (
          <div className="mt-6 space-y-5 text-center">
            <p className="text-stone-700 [overflow-wrap:anywhere] dark:text-stone-300">{INVITE_TEXT.existingIntro(artist, invite.email)}</p>
            {signedInAs === invite.email ? (
              <Form method="post">
                <input type="hidden" name="token" value={token} />
                <FormError id="invite-error" message={answer?.error} />
                <Button type="submit" variant="primary" className="w-full" disabled={busy}>
                  {busy ? "Processing..." : INVITE_TEXT.accept}
                </Button>
              </Form>
            ) : (
              <>
                <p className="text-sm text-stone-600 dark:text-stone-400">{INVITE_TEXT.signInToAccept(invite.email)}</p>
                <Link to={signInPath(invitePath)} className={buttonClass("primary")}>
                  Sign in
                </Link>
              </>
            )}
          </div>
        ) : (
          <Form method="post" className="mt-8 space-y-5">
            <p className="text-sm text-stone-600 [overflow-wrap:anywhere] dark:text-stone-400">
              {INVITE_TEXT.pageIntro(artist, invite.email)}
            </p>
            <input type="hidden" name="token" value={token} />
            <TextField label="Email" name="email" type="email" defaultValue={invite.email} readOnly autoComplete="username" />
            <TextField label="Name" name="name" autoComplete="name" required maxLength={100} />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="At least 8 characters. A few unrelated words work well."
            />
            <FormError id="invite-error" message={answer?.error} />
            <Button type="submit" variant="primary" className="w-full" disabled={busy}>
              {busy ? "Processing..." : INVITE_TEXT.create}
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}

/** Signing in from a spent invite leads an admin to the dashboard; the root loader knows its address only for admins. */
const dashboardPathOf = (root: ReturnType<typeof useRouteLoaderData<typeof rootLoader>>) => root?.dashboardPath ?? null;
