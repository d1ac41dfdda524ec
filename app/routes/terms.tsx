import { useLoaderData } from "react-router";
import type { Route } from "./+types/terms";
import { ProsePage } from "#app/components/prose-page.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";
import { siteConfig } from "#app/lib/site-config.server.ts";

export function loader() {
  return { artistName: siteConfig.artist.name, email: siteConfig.contact.general.email };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteMetaFrom(matches);
  return pageMeta(site, {
    title: "Terms",
    description: `The terms for using ${site.artistName}'s website and music.`,
    path: "/terms",
  });
};

export default function Terms() {
  const { artistName: name } = useLoaderData<typeof loader>();
  return (
    <ProsePage
      title="Terms of Use"
      updated="November 2026"
      sections={[
        {
          heading: "Using this site",
          body: (
            <p>
              You are welcome to listen, read and share links to anything on this site. Please do not try to break, overload or gain access
              to parts of it that are not meant for you.
            </p>
          ),
        },
        {
          heading: "The music",
          body: (
            <p>
              All songs, recordings, artwork and text are © {name} unless stated otherwise. Streaming them here is for personal listening;
              downloading, re-uploading or using them in other works needs written permission.
            </p>
          ),
        },
        {
          heading: "Messages and the mailing list",
          body: (
            <p>
              Messages you send should be your own and lawful. You can leave the mailing list at any time. We may delete messages that are
              abusive or spam.
            </p>
          ),
        },
        {
          heading: "No warranty",
          body: (
            <p>
              The site is offered as it is. We do our best to keep it running and accurate, but cannot promise it will always be available.
              These terms may change; the date above shows the latest version.
            </p>
          ),
        },
      ]}
    />
  );
}
