import { useEffect, useRef, type ReactNode } from "react";
import { Form, NavLink, useLocation, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { DashboardStylesheet } from "#app/components/dashboard-stylesheet.tsx";

/** The dashboard's areas, each its own page under the dashboard's address. */
const AREAS = [
  { path: "", label: "Overview" },
  { path: "/music", label: "Releases" },
  { path: "/site", label: "Site" },
  { path: "/shows", label: "Shows" },
  { path: "/mail", label: "Mail" },
  { path: "/codes", label: "Download codes" },
  { path: "/numbers", label: "Numbers" },
  { path: "/account", label: "Account" },
] as const;

const tabStyles = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4 ${
    isActive
      ? "bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-950"
      : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
  }`;

/** The heading, the area tabs and Logout that every dashboard page starts with. */
export function DashboardHeader({ dashboardPath, title, children }: { dashboardPath: string; title: string; children?: ReactNode }) {
  const loggingOut = useNavigation().formAction === "/logout";
  const tabs = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // One row, never two: on a narrow phone it scrolls sideways, with the current area in view.
  // Only the row scrolls: scrollIntoView would also move the page, and a page that jumps when
  // the app starts sends the artist's first tap to whatever lands under their finger.
  useEffect(() => {
    const row = tabs.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const left = current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, left - (row.clientWidth - current.offsetWidth) / 2);
    }
  }, [pathname]);
  return (
    <div className="space-y-6">
      {/* Every dashboard page starts here, so its styles come with it. */}
      <DashboardStylesheet />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700 dark:text-brand-300">Dashboard</p>
          <h1 className="mt-2 text-3xl font-semibold">{title}</h1>
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="secondary" disabled={loggingOut}>
            {loggingOut ? "Logging out..." : "Logout"}
          </Button>
        </Form>
      </div>
      <nav
        ref={tabs}
        aria-label="Dashboard"
        className="-mx-1 flex snap-x gap-1 overflow-x-auto px-1 pb-1 [scrollbar-width:thin] *:snap-start"
      >
        {AREAS.map((area) => (
          <NavLink key={area.label} to={`${dashboardPath}${area.path}`} end={area.path === ""} className={tabStyles}>
            {area.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
