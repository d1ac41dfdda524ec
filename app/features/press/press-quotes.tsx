import type { PressWords } from "#app/domain/site/site-config-schema.ts";
import { PressSection } from "./press-section.tsx";
import { PRESS_PAGE_TEXT } from "./ui-text.ts";

/** What the press said, each with who said it and, where it can be read, a link there. */
export function PressQuotes({ quotes }: { quotes: PressWords["quotes"] }) {
  if (quotes.length === 0) return null;
  return (
    <PressSection part="quotes" title={PRESS_PAGE_TEXT.quotesHeading}>
      <ul className="grid gap-6 md:grid-cols-2 print:block print:space-y-3">
        {quotes.map((quote, i) => (
          <li key={i} className="print:break-inside-avoid">
            <figure className="h-full rounded-3xl bg-stone-100 p-6 sm:p-8 dark:bg-stone-900 print:rounded-none print:bg-transparent print:p-0 print:pl-3 print:border-l-2 print:border-stone-400">
              <blockquote className="font-display text-xl leading-snug text-pretty text-stone-900 dark:text-stone-100 print:text-sm">
                <p>
                  <span aria-hidden="true">“</span>
                  {quote.text}
                  <span aria-hidden="true">”</span>
                </p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-brand-700 dark:text-brand-300 print:mt-1 print:text-xs print:text-stone-700">
                <span aria-hidden="true">— </span>
                {quote.url ? (
                  <cite className="not-italic">
                    <a href={quote.url} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:underline">
                      {quote.source}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                    <span className="hidden print:inline print:font-normal"> ({quote.url})</span>
                  </cite>
                ) : (
                  <cite className="not-italic">{quote.source}</cite>
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </PressSection>
  );
}
