import { useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/contact";
import { SocialLinks } from "#app/components/social-icons.tsx";
import { ContactForm } from "#app/features/inbox/contact-form.tsx";
import { handleContact } from "#app/features/inbox/contact.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";
import { formActionHeaders } from "#app/lib/http/wire.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";
import type { loader as rootLoader } from "#app/root.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const { contact, social } = await siteSettingsOf(context);
  return { channels: [contact.collaboration, contact.booking, contact.general], social: social.links };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleContact(servicesOf(context), request);
}

export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Contact",
    description: `Write to ${site.artistName}: collaborations, bookings, press and fan mail.`,
    path: "/contact",
  });
};

export default function Contact() {
  const { channels, social } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const noJsResult = useActionData<typeof action>();
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Contact</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight sm:text-5xl">Get in touch</h1>
      <p className="mt-4 max-w-2xl text-lg text-stone-600 dark:text-stone-400">
        A kind word, a question or a show you would like to book: send a message and it lands straight in my inbox.
      </p>
      <div className="mt-12 grid gap-12 lg:grid-cols-[3fr_2fr]">
        <div className="rounded-3xl border border-stone-200 bg-white p-6 sm:p-8 dark:border-stone-800 dark:bg-stone-900">
          <ContactForm formStarted={root?.formStarted ?? ""} noJsResult={noJsResult} />
        </div>
        <aside className="space-y-6" aria-label="Other ways to reach me">
          {channels.map((channel) => (
            <div key={channel.heading}>
              <h2 className="text-xl font-semibold">{channel.heading}</h2>
              <p className="mt-1 text-stone-600 dark:text-stone-400">{channel.text}</p>
              <a
                href={`mailto:${channel.email}`}
                className="mt-1 inline-block font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                {channel.email}
              </a>
            </div>
          ))}
          <div>
            <h2 className="text-xl font-semibold">Follow along</h2>
            <SocialLinks links={social} className="mt-3" />
          </div>
        </aside>
      </div>
    </section>
  );
}
