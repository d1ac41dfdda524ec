import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/**
 * A page that is one short message in a card, centred: where a link from a
 * mail lands (unsubscribe, confirm a subscription) and what it answers.
 */
export function MessageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The way back from such a page. */
export function HomeLink() {
  return (
    <Link to="/" className={`${buttonClass("secondary")} mt-8`}>
      Back to Home
    </Link>
  );
}
