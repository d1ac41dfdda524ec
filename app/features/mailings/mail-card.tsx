import type { ReactNode } from "react";

/** One of the Mail area's cards (the composer, the list, the announcements, the notice): a card named by its heading. */
export function MailCard({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="rounded-2xl border border-stone-200 bg-white p-6 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      {children}
    </section>
  );
}
