import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/** The 404 page and the error boundary: what happened, and a way home or to the music. */
export function ErrorPage({ code, title, message }: { code?: string; title: string; message: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center px-4 py-24 text-center">
      {code ? <p className="font-display text-7xl font-bold text-brand-600 dark:text-brand-400">{code}</p> : null}
      <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
      <p className="mt-4 text-stone-600 dark:text-stone-400">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Go Home
        </Link>
        <Link to="/music" className={buttonClass("secondary")}>
          Listen to Music
        </Link>
      </div>
    </section>
  );
}
