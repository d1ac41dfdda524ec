import { useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { signInPath } from "#app/lib/http/return-path.ts";

/**
 * Said on the page a signed-out visitor was sent to from a page that needs
 * signing in (SPEC sends them home): what happened, and the way in, coming
 * back to where they were. It stays until they move on or close it; a toast
 * that left after four seconds would leave them lost again.
 */
export function SignInNotice({ message, returnTo }: { message: string; returnTo: string }) {
  const { pathname } = useLocation();
  const [shownOn, setShownOn] = useState<string | null>(pathname);
  if (shownOn !== pathname) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      <div
        role="status"
        className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-2xl border border-brand-200 bg-brand-50 px-5 py-4 text-stone-800 dark:border-brand-800 dark:bg-brand-950 dark:text-stone-100"
      >
        <p className="min-w-0 flex-1 basis-64 text-sm font-medium">{message}</p>
        <div className="flex items-center gap-2">
          <Link to={signInPath(returnTo)} className={`${buttonClass("primary")} px-5 py-2`}>
            Sign in
          </Link>
          <button
            type="button"
            onClick={() => setShownOn(null)}
            aria-label="Close"
            className="inline-flex size-9 items-center justify-center rounded-full text-stone-600 hover:bg-brand-100 dark:text-stone-300 dark:hover:bg-brand-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
