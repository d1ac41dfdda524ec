import type { ReactNode } from "react";

// The pieces every paged admin list draws the same way around its own rows.

/** The first page could not be loaded: the area says so in place of its list. */
export function ListLoadError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200">
      {children}
    </p>
  );
}

/** The list has nothing in it (and nothing more to load). */
export function ListEmpty({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <p
      className={`rounded-xl border border-dashed border-stone-300 ${compact ? "p-6" : "p-8"} text-center text-stone-600 dark:border-stone-700 dark:text-stone-400`}
    >
      {children}
    </p>
  );
}

/** How many there are, beside the list's heading; announced when it changes. */
export function ListCount({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <span
      data-testid={testId}
      aria-live="polite"
      className="rounded-full bg-stone-200 px-3 py-1 text-sm font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-200"
    >
      {children}
    </span>
  );
}
