import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/account-email";
import { HomeLink, MessageCard } from "#app/components/message-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { confirmEmailChange, emailChangeState } from "#app/features/auth/email-change.server.ts";
import { EMAIL_CHANGE_TEXT } from "#app/features/auth/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import { flashToast } from "#app/lib/http/toast.server.ts";

// /account/email?token=… (the link mailed to a new sign-in address). Opening it
// changes nothing: mail scanners follow links. Its button POSTs, which makes the change.

const noStore = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await emailChangeState(servicesOf(context), token);
  return data({ token, ...state }, { status: state.state === "open" ? 200 : 410, headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const read = await readForm(request);
  const token = read.ok ? (textFields(read.form).token ?? "") : "";
  const result = await confirmEmailChange(services, token);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: noStore });
  const toast = await flashToast(services.env, { message: EMAIL_CHANGE_TEXT.done(result.newEmail), type: "success", duration: 8000 });
  return redirect("/account", { headers: { "Set-Cookie": toast } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: EMAIL_CHANGE_TEXT.pageTitle,
    description: "Confirm a new sign-in e-mail.",
    path: "/account/email",
    noindex: true,
  });

export default function AccountEmail() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  if (page.state !== "open" || answer) {
    return (
      <MessageCard title={EMAIL_CHANGE_TEXT.pageTitle}>
        <p role="alert" className="mt-4 text-stone-600 dark:text-stone-400">
          {answer?.error ?? EMAIL_CHANGE_TEXT.closed}
        </p>
        <HomeLink />
      </MessageCard>
    );
  }
  return (
    <MessageCard title={EMAIL_CHANGE_TEXT.pageTitle}>
      <p className="mt-4 break-words text-stone-600 dark:text-stone-400">{EMAIL_CHANGE_TEXT.prompt(page.newEmail)}</p>
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={page.token} />
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Confirming..." : EMAIL_CHANGE_TEXT.button}
        </Button>
      </Form>
    </MessageCard>
  );
}
