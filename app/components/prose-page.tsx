import type { ReactNode } from "react";

/** A long-form text page (privacy, terms): a heading, a date line and sections. */
export function ProsePage({
  title,
  updated,
  sections,
}: {
  title: string;
  updated: string;
  sections: { heading: string; body: ReactNode }[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">Last updated {updated}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <div className="mt-3 space-y-3 leading-relaxed text-stone-700 dark:text-stone-300">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
