import type { PressWords } from "#app/domain/site/site-config-schema.ts";
import { CopyButton } from "./copy-button.tsx";
import { PressSection } from "./press-section.tsx";
import { PRESS_PAGE_TEXT } from "./ui-text.ts";

/** A bio's paragraphs: an empty line between two is a new paragraph. */
const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function Bio({ title, text }: { title: string; text: string }) {
  return (
    <article className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900 print:rounded-none print:border-0 print:p-0 print:shadow-none">
      <div className="flex items-start justify-between gap-4">
        <h3 className="text-lg font-semibold print:text-base">{title}</h3>
        <CopyButton text={paragraphsOf(text).join("\n\n")} what={title} />
      </div>
      <div className="mt-4 space-y-4 leading-relaxed text-stone-700 dark:text-stone-300 print:mt-2 print:space-y-2 print:text-sm">
        {paragraphsOf(text).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}

/** The short bio (a paragraph to quote) and the long one, each with its copy button. */
export function PressBios({ words }: { words: Pick<PressWords, "shortBio" | "longBio"> }) {
  if (!words.shortBio && !words.longBio) return null;
  return (
    <PressSection part="bio" title={PRESS_PAGE_TEXT.bioHeading}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start print:block print:space-y-4">
        {words.shortBio ? <Bio title={PRESS_PAGE_TEXT.shortBio} text={words.shortBio} /> : null}
        {words.longBio ? <Bio title={PRESS_PAGE_TEXT.longBio} text={words.longBio} /> : null}
      </div>
    </PressSection>
  );
}
