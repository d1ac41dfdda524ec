import { useLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { ProsePage } from "#app/components/prose-page.tsx";
import { CountingExplained } from "#app/features/numbers/counting-explained.tsx";
import { legalPage } from "#app/domain/site/legal-page.server.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";

export function loader({ context }: Route.LoaderArgs) {
  return legalPage(context, "privacy");
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
  const { html, updated } = useLoaderData<typeof loader>();
  return (
    <ProsePage title="Privacy Policy" updated={updated} html={html}>
      <CountingExplained />
    </ProsePage>
  );
}
