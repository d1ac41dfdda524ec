import type { ReactNode } from "react";

/** The id of each part of the press kit: its heading's anchor, as the page's contents link them. */
export type PressPart = "bio" | "photos" | "quotes" | "music" | "shows" | "contacts" | "files";

/** One part of the press kit under its heading; on paper it starts on a fresh line and keeps its heading with it. */
export function PressSection({
  part,
  title,
  action,
  children,
}: {
  part: PressPart;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={part} aria-labelledby={`${part}-heading`} className="scroll-mt-24 pt-14 print:pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-stone-200 pb-3 dark:border-stone-800 print:border-stone-400">
        <h2 id={`${part}-heading`} className="text-2xl font-semibold tracking-tight print:break-after-avoid print:text-lg">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-6 print:mt-3">{children}</div>
    </section>
  );
}
