import { Link, redirect, useActionData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/newsletter";
import { buttonClass } from "#app/components/ui/button.tsx";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { NEWSLETTER_TEXT } from "#app/features/newsletter/ui-text.ts";
import { handleSubscribe } from "#app/features/newsletter/subscribers.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { formActionHeaders } from "#app/lib/http/wire.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import type { loader as rootLoader } from "#app/root.tsx";

// POST /newsletter: the footer form and the /music panel post here. With
// JavaScript they post through a fetcher and stay on their page; without it
// the browser comes here and this page shows the answer.

export function action({ request, context }: Route.ActionArgs) {
  return handleSubscribe(servicesOf(context), request);
}

export const headers = formActionHeaders;

export function loader({ request }: Route.LoaderArgs) {
  // After a no-JavaScript POST, React Router renders this page by running the
  // loaders with a GET copy of that request, its headers included: the form's
  // Content-Type tells that apart from someone simply opening /newsletter,
  // who has nothing to see here and goes home.
  if (request.headers.has("content-type")) return null;
  throw redirect("/");
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Newsletter",
    description: "Join the mailing list.",
    path: "/newsletter",
    noindex: true,
  });

export default function Newsletter() {
  const result = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const ok = result?.ok === true;
  const held = ok && result.outcome === "held";
  const email = ok ? (result.email ?? "") : "";
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Mailing list</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight">
        {held ? NEWSLETTER_TEXT.heldTitle : ok ? NEWSLETTER_TEXT.footerSuccess : "Join the mailing list"}
      </h1>
      {ok ? (
        <p role="status" className="mt-4 text-lg text-stone-600 dark:text-stone-400">
          {held
            ? NEWSLETTER_TEXT.held(email)
            : result.outcome === "confirm"
              ? NEWSLETTER_TEXT.confirm(email)
              : "You'll be the first to hear about new music."}
        </p>
      ) : (
        <div className="mt-10">
          <NewsletterForm
            variant="panel"
            formStarted={root?.formStarted ?? ""}
            initialError={result && !result.ok ? result.error || NEWSLETTER_TEXT.failed : undefined}
          />
        </div>
      )}
      <Link to="/" className={`${buttonClass("secondary")} mt-10`}>
        Back to Home
      </Link>
    </section>
  );
}
