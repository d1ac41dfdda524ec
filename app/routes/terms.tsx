import { useLoaderData } from "react-router";
import type { Route } from "./+types/terms";
import { ProsePage } from "#app/components/prose-page.tsx";
import { legalPage } from "#app/domain/site/legal-page.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return legalPage(context, "terms");
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
  const { html, updated } = useLoaderData<typeof loader>();
  return <ProsePage title="Terms of Use" updated={updated} html={html} />;
}
