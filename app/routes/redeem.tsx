import { data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/redeem";
import { RedeemForm } from "#app/features/downloads/redeem-form.tsx";
import { handleRedeem } from "#app/features/downloads/redeem.server.ts";
import { REDEEM_TEXT } from "#app/features/downloads/codes-ui-text.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { formActionHeaders, formAnswer } from "#app/lib/http/wire.ts";

/** Nothing here is for a cache or a search engine: the page may carry a code (?code=…), and its answers are one fan's. */
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/** GET /redeem, or /redeem?code=… (an address printed on a card): the field, filled in when the address carries a code. */
export function loader({ request }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("code") ?? "";
  return data({ code: code.slice(0, 64) }, { headers: PRIVATE_HEADERS });
}

/** POST /redeem: a good code leads to its download page (303); anything else is said beside the field. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await handleRedeem(servicesOf(context), request);
  if (answer.ok) throw redirect(answer.path, { status: 303, headers: { ...PRIVATE_HEADERS, "Referrer-Policy": "no-referrer" } });
  return formAnswer(
    answer,
    answer.status === 429 ? { ...PRIVATE_HEADERS, "Retry-After": String(answer.retryAfter ?? 60) } : PRIVATE_HEADERS,
  );
}

export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteMetaFrom(matches), {
    title: REDEEM_TEXT.title,
    description: REDEEM_TEXT.metaDescription,
    path: "/redeem",
    noindex: true,
  });

export default function Redeem() {
  const { code } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && !answer.ok ? answer : null;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">{REDEEM_TEXT.eyebrow}</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight">{REDEEM_TEXT.title}</h1>
      <p className="mt-4 text-lg text-stone-600 dark:text-stone-400">{REDEEM_TEXT.intro}</p>
      <div className="mt-10 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <RedeemForm code={refused ? refused.code : code} error={refused ? refused.error : null} />
      </div>
    </section>
  );
}
