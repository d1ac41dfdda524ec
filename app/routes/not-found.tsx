import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "#app/components/error-page.tsx";
import { pageMeta, siteMetaFrom } from "#app/lib/document/meta.ts";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteMetaFrom(matches), {
    title: "Page Not Found",
    description: "The page you are looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });

export default function NotFound() {
  return <ErrorPage code="404" title="Page Not Found" message="The page you are looking for does not exist or has moved." />;
}
