export type Theme = "light" | "dark";
const THEME_STORAGE_KEY = "theme";

/**
 * Runs in <head> before the body is parsed, so the saved theme is on <html>
 * at first paint (no flash of the wrong theme). Kept tiny and dependency-free.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");var d=t==="dark";document.documentElement.classList.toggle("dark",d);}catch(e){}})();`;

export function currentTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the theme still applies for this page.
  }
}
