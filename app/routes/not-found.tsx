import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { buttonStyles } from "#app/components/ui/button-styles.ts";
import { pageMeta, siteMetaFrom } from "#app/lib/meta.ts";

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
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-bold text-brand-600 dark:text-brand-400">404</p>
      <h1 className="mt-4 text-3xl font-semibold">Page Not Found</h1>
      <p className="mt-4 text-stone-600 dark:text-stone-400">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonStyles.primary}>
          Go Home
        </Link>
        <Link to="/music" className={buttonStyles.secondary}>
          Listen to Music
        </Link>
      </div>
    </section>
  );
}
