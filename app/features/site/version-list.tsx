import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { Button } from "#app/components/ui/button.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import { SITE_TEXT } from "./ui-text.ts";

export type SiteVersionView = { id: string; revision: number; savedAt: number; savedBy: string; summary: string };

/** The part's saved versions, newest first, each but the current one to restore. */
export function VersionList({
  versions,
  current,
  busy,
  onRestore,
}: {
  versions: SiteVersionView[];
  current: number;
  busy: boolean;
  onRestore: (version: SiteVersionView) => void;
}) {
  const timeZone = useVisitorTimeZone();
  return (
    <details className="group rounded-2xl border border-stone-200 px-4 py-3 dark:border-stone-800">
      <summary className="cursor-pointer text-sm font-semibold text-stone-700 dark:text-stone-300">{SITE_TEXT.history}</summary>
      {versions.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{SITE_TEXT.noHistory}</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-200 dark:divide-stone-800">
          {versions.map((version) => {
            const when = formatDateTime(version.savedAt, timeZone);
            return (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {version.revision === 0 ? SITE_TEXT.firstStart : SITE_TEXT.savedBy(version.savedBy, when)}
                  </p>
                  <p className="truncate text-sm text-stone-600 dark:text-stone-400" title={version.summary}>
                    {version.summary}
                  </p>
                </div>
                {version.revision === current ? (
                  <span className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-300">
                    {SITE_TEXT.current}
                  </span>
                ) : (
                  <Button variant="secondary" size="sm" disabled={busy} onClick={() => onRestore(version)}>
                    {SITE_TEXT.restore}
                    <span className="sr-only">
                      {" "}
                      {version.revision === 0 ? SITE_TEXT.firstStart : SITE_TEXT.savedBy(version.savedBy, when)}
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
