import { proseClass } from "#app/components/prose-page.tsx";
import type { Credit } from "#app/domain/credits.ts";
import { formatIsrc } from "#app/domain/lyrics.ts";

/** The small "E" streaming services put beside an explicit track; read out as "Explicit". */
export function ExplicitMark() {
  return (
    <abbr
      title="Explicit"
      aria-label="Explicit"
      className="inline-flex h-5 w-5 shrink-0 items-center justify-center rounded bg-stone-200 text-[0.7rem] font-bold no-underline text-stone-700 dark:bg-stone-700 dark:text-stone-200"
    >
      E
    </abbr>
  );
}

/** Who made it: each role beside its people, in the artist's order. */
export function CreditsList({
  credits,
  isrc,
  headingId,
  heading = "Credits",
}: {
  credits: Credit[];
  isrc?: string;
  headingId: string;
  heading?: string;
}) {
  if (credits.length === 0 && !isrc) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        {heading}
      </h2>
      <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-6 gap-y-2 text-stone-700 dark:text-stone-300">
        {credits.map((credit, index) => (
          <div key={index} className="contents">
            <dt className="text-stone-500 dark:text-stone-400">{credit.role}</dt>
            <dd className="font-medium text-stone-900 dark:text-stone-100">{credit.name}</dd>
          </div>
        ))}
        {isrc ? (
          <div className="contents">
            <dt className="text-stone-500 dark:text-stone-400">ISRC</dt>
            <dd className="font-mono text-sm tabular-nums text-stone-900 dark:text-stone-100">{formatIsrc(isrc)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The lyrics as the artist wrote them, line breaks and stanzas kept. */
export function Lyrics({ lyrics, headingId }: { lyrics: string; headingId: string }) {
  if (!lyrics) return null;
  const stanzas = lyrics.split(/\n\s*\n/);
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        Lyrics
      </h2>
      <div className="space-y-5 text-lg leading-relaxed text-stone-800 dark:text-stone-200">
        {stanzas.map((stanza, index) => (
          <p key={index} className="whitespace-pre-line">
            {stanza.trim()}
          </p>
        ))}
      </div>
    </section>
  );
}

/** A release's liner notes, the artist's Markdown rendered safe on the server. */
export function LinerNotes({ html, headingId }: { html: string; headingId: string }) {
  if (!html) return null;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        Notes
      </h2>
      <div
        className={proseClass}
        // Rendered by markdown-it with raw HTML off and links limited to http(s), mailto and this site.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
