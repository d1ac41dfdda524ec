import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { ProsePage } from "#app/components/prose-page.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";

export function loader() {
  return { artistName: siteConfig.artist.name, email: siteConfig.contact.general.email };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Privacy",
    description: `What ${site.artistName}'s website collects, why, and how to have it removed.`,
    path: "/privacy",
  });
};

export default function Privacy() {
  const { artistName: name, email } = useLoaderData<typeof loader>();
  return (
    <ProsePage
      title="Privacy Policy"
      updated="November 2026"
      sections={[
        {
          heading: "What we collect",
          body: (
            <>
              <p>
                When you send a message through the contact form we keep what you type: your message and, if you give them, your name and
                e-mail address. When you join the mailing list we keep your e-mail address and the time you subscribed.
              </p>
              <p>
                If you create an account we keep your name, e-mail address and a securely hashed password. We do not sell, rent or share any
                of this with anyone.
              </p>
            </>
          ),
        },
        {
          heading: "Cookies and local storage",
          body: (
            <p>
              A cookie keeps you signed in if you have an account. Your light or dark theme choice is kept in your own browser and never
              sent to us. There are no advertising or tracking cookies.
            </p>
          ),
        },
        {
          heading: "Embedded content",
          body: (
            <p>
              The live performance video is only loaded from the video host when you choose to play it. Links to streaming services open
              their own sites, which have their own privacy policies.
            </p>
          ),
        },
        {
          heading: "Your choices",
          body: (
            <p>
              You can ask for your messages, subscription or account to be deleted at any time by writing to{" "}
              <a className="underline" href={`mailto:${email}`}>
                {email}
              </a>
              . {name} and the site's operator are responsible for this data.
            </p>
          ),
        },
      ]}
    />
  );
}
