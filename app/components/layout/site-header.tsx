import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { ThemeToggle } from "#app/components/theme/theme-toggle.tsx";
import { primaryNav } from "./nav-links.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900"
      : "text-stone-700 hover:bg-stone-200 dark:text-stone-300 dark:hover:bg-stone-800"
  }`;

/** Whether this browser opens a `popover` by itself (no JavaScript needed); older ones get the menu from React. */
const nativePopover = () => typeof HTMLElement !== "undefined" && Object.hasOwn(HTMLElement.prototype, "popover");

/** Signed in: their name, linking to their account page, and Sign out (a form: it works before and without JavaScript). */
function AccountLinks({ user, className }: { user: { displayName: string; email: string }; className: string }) {
  return (
    <div className={className}>
      <Link
        to="/account"
        className="max-w-40 truncate rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-200 dark:text-stone-300 dark:hover:bg-stone-800"
        title={user.email}
      >
        <span className="sr-only">Your account: </span>
        {user.displayName || user.email}
      </Link>
      <Form method="post" action="/logout">
        <button
          type="submit"
          className="rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-200 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          Sign out
        </button>
      </Form>
    </div>
  );
}

export function SiteHeader({
  artistName,
  dashboardPath,
  user = null,
}: {
  artistName: string;
  dashboardPath: string | null;
  /** Who is signed in, if anyone. */
  user?: { displayName: string; email: string } | null;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);

  // The mobile menu is a native popover: it opens at the first tap, before
  // the page's JavaScript has arrived, and the browser closes it on Escape or
  // a tap outside, giving the keyboard back to the menu button. Here it only
  // closes when the page changes, and follows the browser's state.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    const element = menu.current;
    const open = !!element && nativePopover() && element.matches(":popover-open");
    if (shownPath.current === location.pathname) {
      // Hydrating: the fan may have opened it already, before the app was there.
      if (open) setMenuOpen(true);
      return;
    }
    shownPath.current = location.pathname;
    if (open) element.hidePopover();
    setMenuOpen(false);
  }, [location.pathname]);

  const links = [...primaryNav, ...(dashboardPath ? [{ to: dashboardPath, label: "Dashboard" }] : [])];
  return (
    <header className="group/header sticky top-0 z-40 print:hidden border-b border-stone-200 bg-stone-50/90 backdrop-blur dark:border-stone-800 dark:bg-stone-950/90">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900"
      >
        Skip to content
      </a>
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="font-display text-xl font-semibold tracking-tight">
          {artistName}
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={linkClass} prefetch="intent">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-1">
          {user ? <AccountLinks user={user} className="hidden items-center gap-1 md:flex" /> : null}
          <ThemeToggle />
          <button
            type="button"
            popoverTarget={menuId}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-stone-200 md:hidden dark:hover:bg-stone-800"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            // Browsers without popovers: React opens and closes it.
            onClick={() => {
              if (!nativePopover()) setMenuOpen((open) => !open);
            }}
          >
            {/* Both drawings: CSS shows the cross while the menu is open, before hydration too. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M4 7h16M4 12h16M4 17h16" className="group-has-[.menu-open]/header:hidden group-has-[:popover-open]/header:hidden" />
              <path
                d="M6 6l12 12M18 6 6 18"
                className="hidden group-has-[.menu-open]/header:block group-has-[:popover-open]/header:block"
              />
            </svg>
          </button>
        </div>
      </nav>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        onToggle={(event) => setMenuOpen(event.newState === "open")}
        className={`${menuOpen ? "menu-open " : ""}fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-y border-stone-200 bg-stone-50 p-0 text-stone-900 shadow-lg md:hidden dark:border-stone-800 dark:bg-stone-950 dark:text-stone-100`}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === "/"} className={(s) => `block ${linkClass(s)}`}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {user ? (
          <AccountLinks
            user={user}
            className="mx-auto flex max-w-6xl items-center gap-1 border-t border-stone-200 px-4 py-3 dark:border-stone-800"
          />
        ) : null}
      </div>
    </header>
  );
}
