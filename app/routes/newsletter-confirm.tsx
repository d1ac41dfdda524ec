import { data, Form, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { HomeLink, MessageCard } from "#app/components/message-card.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { confirmLinkState, confirmSignUp, readConfirmLink } from "#app/features/newsletter/double-opt-in.server.ts";
import { CONFIRM_TEXT } from "#app/features/newsletter/ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { openConfirmedDownloads } from "#app/features/downloads/fan-downloads.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { readForm, textFields } from "#app/lib/http/read-form.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";

// /newsletter/confirm?email=…&t=…&token=… (the link in the confirmation mail).
// Opening it changes nothing: mail scanners and link previews follow links, and
// must never sign anyone up. The page's button POSTs, which confirms.

type PageState =
  | { state: "confirm"; email: string; t: string; token: string }
  | { state: "done"; downloads?: { title: string; path: string }[] }
  | { state: "invalid" }
  | { state: "failed" };

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const fields = { email: query.get("email"), t: query.get("t"), token: query.get("token") };
  const services = servicesOf(context);
  const link = readConfirmLink(services.env.authSecret, fields);
  if (!link) return data<PageState>({ state: "invalid" }, { status: 400, headers: noStore });
  // A link already used says so, with no button to press again; one a newer sign-up replaced says that.
  const standing = await confirmLinkState(services.db, link);
  if (standing === "done") return data<PageState>({ state: "done" }, { headers: noStore });
  if (standing === "stale") return data<PageState>({ state: "invalid" }, { status: 409, headers: noStore });
  return data<PageState>(
    { state: "confirm", email: link.email, t: String(link.issuedAt), token: fields.token ?? "" },
    { headers: noStore },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const read = await readForm(request);
  const link = read.ok ? readConfirmLink(services.env.authSecret, textFields(read.form)) : null;
  if (!link) return data<PageState>({ state: "invalid" }, { status: 400, headers: noStore });
  try {
    const outcome = await confirmSignUp(services.db, link);
    // A download asked for with this address opens now that the address is its owner's.
    const downloads = outcome === "done" ? await openConfirmedDownloads(services, link.email) : [];
    return data<PageState>(outcome === "done" ? { state: "done", downloads } : { state: "invalid" }, {
      status: outcome === "done" ? 200 : 409,
      headers: noStore,
    });
  } catch (error) {
    console.error("Confirming a subscription failed", error);
    return data<PageState>({ state: "failed" }, { status: 500, headers: noStore });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: CONFIRM_TEXT.title,
    description: "Join the mailing list.",
    path: "/newsletter/confirm",
    noindex: true,
  });

export default function NewsletterConfirm() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const working = useNavigation().state === "submitting";
  const artist = root?.siteMeta.artistName ?? "the artist";
  const page: PageState = acted ?? loaded;
  switch (page.state) {
    case "done":
      return (
        <MessageCard title={CONFIRM_TEXT.doneTitle}>
          <p className="mt-4 text-stone-600 dark:text-stone-400">{CONFIRM_TEXT.done}</p>
          {page.downloads && page.downloads.length > 0 ? (
            <div className="mt-6">
              <p className="font-medium">{CONFIRM_TEXT.downloadsReady}</p>
              <ul className="mt-3 flex flex-col items-center gap-3">
                {page.downloads.map((download) => (
                  <li key={download.path}>
                    <a href={download.path} className={buttonClass("primary")}>
                      {CONFIRM_TEXT.downloadButton(download.title)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <HomeLink />
        </MessageCard>
      );
    case "invalid":
      return (
        <MessageCard title={CONFIRM_TEXT.invalidTitle}>
          <p className="mt-4 text-stone-600 dark:text-stone-400">{CONFIRM_TEXT.invalid}</p>
          <HomeLink />
        </MessageCard>
      );
    case "failed":
      return (
        <MessageCard title={CONFIRM_TEXT.title}>
          <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
            {CONFIRM_TEXT.failed}
          </p>
          <HomeLink />
        </MessageCard>
      );
    case "confirm":
      return (
        <MessageCard title={CONFIRM_TEXT.title}>
          <p className="mt-4 break-words text-stone-600 dark:text-stone-400">{CONFIRM_TEXT.prompt(artist, page.email)}</p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="email" value={page.email} />
            <input type="hidden" name="t" value={page.t} />
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" variant="primary" disabled={working}>
              {working ? CONFIRM_TEXT.busy : CONFIRM_TEXT.button}
            </Button>
          </Form>
        </MessageCard>
      );
  }
}
