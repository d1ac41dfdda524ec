import type { ReactNode } from "react";

/** How the artist's Markdown reads once rendered: paragraphs, headings, lists, quotes and links. */
export const proseClass =
  "space-y-3 leading-relaxed text-stone-700 dark:text-stone-300 [&_a]:underline [&_a:hover]:text-brand-700 dark:[&_a:hover]:text-brand-300 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-4 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-900 dark:[&_h2]:text-stone-100 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-stone-900 dark:[&_h3]:text-stone-100 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1";

/**
 * A long-form text page (privacy, terms): a heading, a date line and the
 * artist's Markdown, already rendered to safe HTML on the server
 * (app/lib/text/markdown.server.ts).
 */
export function ProsePage({ title, updated, html, children }: { title: string; updated: string; html: string; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">Last updated {updated}</p>
      <div
        className={`mt-6 ${proseClass}`}
        // Rendered by markdown-it with raw HTML off and links limited to http(s), mailto and this site.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {children}
    </article>
  );
}
