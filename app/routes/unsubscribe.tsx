import { data, Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { HomeLink, MessageCard } from "#app/components/message-card.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { NEWSLETTER_TEXT } from "#app/features/newsletter/ui-text.ts";
import { isOnTheList, unsubscribe } from "#app/features/newsletter/subscribers.server.ts";
import { verifyUnsubscribeToken } from "#app/lib/mail/unsubscribe-link.server.ts";
import { readForm } from "#app/lib/http/read-form.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import type { loader as rootLoader } from "#app/root.tsx";

// /unsubscribe?email=…&token=… (the link in every mailing and in the CSV export).
// GET only asks: mail scanners and link previews follow links, and must never
// take anyone off the list. The button POSTs, which does it. A POST carrying the
// link's own query (RFC 8058 one-click, `List-Unsubscribe-Post`) works too.

type PageState =
  { state: "confirm"; email: string; token: string } | { state: "done"; email: string } | { state: "invalid" } | { state: "failed" };

const noStore = { "Cache-Control": "no-store" };

function credentials(url: URL, form?: FormData) {
  const pick = (name: string) => {
    const fromForm = form?.get(name);
    return typeof fromForm === "string" ? fromForm : url.searchParams.get(name);
  };
  return { email: pick("email")?.trim().toLowerCase() ?? "", token: pick("token") ?? "" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { email, token } = credentials(new URL(request.url));
  if (!verifyUnsubscribeToken(services.env.authSecret, email, token)) {
    return data<PageState>({ state: "invalid" }, { status: 400, headers: noStore });
  }
  // Already off the list (the link used before, or the address never confirmed): said, with no button to press again.
  if (!(await isOnTheList(services, email))) return data<PageState>({ state: "done", email }, { headers: noStore });
  return data<PageState>({ state: "confirm", email, token }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  // An unreadable body still leaves the link's own query (RFC 8058 one-click).
  const read = await readForm(request);
  const form = read.ok ? read.form : undefined;
  const { email, token } = credentials(new URL(request.url), form);
  if (!verifyUnsubscribeToken(services.env.authSecret, email, token)) {
    return data<PageState>({ state: "invalid" }, { status: 400, headers: noStore });
  }
  try {
    const outcome = await unsubscribe(services, email);
    if (!outcome.ok) return data<PageState>({ state: "invalid" }, { status: 400, headers: noStore });
  } catch (error) {
    console.error("Unsubscribing failed", error);
    return data<PageState>({ state: "failed" }, { status: 500, headers: noStore });
  }
  return data<PageState>({ state: "done", email }, { headers: noStore });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Unsubscribe",
    description: "Leave the mailing list.",
    path: "/unsubscribe",
    noindex: true,
  });

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const working = useNavigation().state === "submitting";
  const artist = root?.siteMeta.artistName ?? "the artist";
  const page: PageState = acted ?? loaded;

  switch (page.state) {
    case "done":
      return (
        <MessageCard title="You have been unsubscribed.">
          <p className="mt-4 break-words text-stone-600 dark:text-stone-400">
            <strong className="font-semibold text-stone-900 dark:text-stone-100">{page.email}</strong> will get no more e-mails from{" "}
            {artist}'s mailing list.
          </p>
          <HomeLink />
        </MessageCard>
      );
    case "invalid":
      return (
        <MessageCard title="This unsubscribe link is not valid">
          <p className="mt-4 text-stone-600 dark:text-stone-400">
            It may have been cut short. Open the link from the e-mail again, copying the whole of it, or write to us through the contact
            page and we will take you off the list.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/contact" className={`${buttonClass("primary")} mt-8`}>
              Contact
            </Link>
            <HomeLink />
          </div>
        </MessageCard>
      );
    case "failed":
      return (
        <MessageCard title="Unsubscribe">
          <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
            {NEWSLETTER_TEXT.failed}
          </p>
          <HomeLink />
        </MessageCard>
      );
    case "confirm":
      return (
        <MessageCard title="Unsubscribe">
          <p className="mt-4 break-words text-stone-600 dark:text-stone-400">
            Stop sending {artist}'s mailing list to{" "}
            <strong className="font-semibold text-stone-900 dark:text-stone-100">{page.email}</strong>?
          </p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="email" value={page.email} />
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" variant="primary" disabled={working}>
              {working ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        </MessageCard>
      );
  }
}
