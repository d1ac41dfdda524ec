import { useEffect, useState } from "react";
import { EARLY_ACTION_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { applyTheme, currentTheme, type Theme } from "./theme.ts";

export function ThemeToggle() {
  // The server cannot know the saved theme; read it from <html> once hydrated.
  const [theme, setTheme] = useState<Theme>("light");
  useEffect(() => setTheme(currentTheme()), []);

  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
      className="inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-200 dark:text-stone-200 dark:hover:bg-stone-800"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
      // Before hydration the page's early-tap script switches the theme itself.
      {...{ [EARLY_ACTION_ATTRIBUTE]: "theme" }}
    >
      {/* Both icons render; CSS shows the right one, so there is no flash before hydration. */}
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 dark:hidden" fill="none" stroke="currentColor" strokeWidth="2">
        <path strokeLinecap="round" strokeLinejoin="round" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden size-5 dark:block" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="4" />
        <path strokeLinecap="round" d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4" />
      </svg>
    </button>
  );
}
