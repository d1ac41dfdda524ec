const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400`,
  secondary: `${base} border border-stone-300 text-stone-900 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800`,
  /** The secondary button on a dark panel in either theme (adding colours to `secondary` loses to its own in the CSS). */
  secondaryOnDark: `${base} border border-stone-600 text-stone-50 hover:bg-stone-800 dark:hover:bg-stone-700`,
} as const;

// Busy buttons are aria-disabled, not disabled: a disabled button drops the keyboard focus to the page.
export const busyStyles = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";
