import { useId } from "react";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { formatDate, isoDate } from "#app/lib/format-date.ts";
import type { AccountAdmin } from "./account.server.ts";
import { ACCOUNT_TEXT } from "./ui-text.ts";

const codeStyles =
  "whitespace-nowrap rounded bg-stone-100 px-1.5 py-0.5 font-mono text-[0.8125rem] text-stone-900 dark:bg-stone-800 dark:text-stone-100";

/**
 * Every admin account, the signed-in one first and marked. A site has a
 * handful at most, so the list comes whole, without paging. Managing them
 * stays with the CLI (README, "Admin accounts").
 */
export function AdminsList({ admins }: { admins: AccountAdmin[] }) {
  const headingId = useId();
  const timeZone = useVisitorTimeZone();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {ACCOUNT_TEXT.adminsHeading}
        </h2>
        <span className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm font-semibold text-stone-700 dark:bg-stone-800 dark:text-stone-300">
          {admins.length}
        </span>
      </div>
      {admins.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">{ACCOUNT_TEXT.noAdmins}</p>
      ) : (
        <ul aria-label={ACCOUNT_TEXT.adminsListLabel} className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
          {admins.map((admin) => (
            <li key={admin.email} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="[overflow-wrap:anywhere]">{admin.name || admin.email}</span>
                  {admin.you ? (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
                      {ACCOUNT_TEXT.you}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600 [overflow-wrap:anywhere] dark:text-stone-400">{admin.email}</p>
              </div>
              <p className="shrink-0 text-sm text-stone-600 dark:text-stone-400">
                {ACCOUNT_TEXT.joined} <time dateTime={isoDate(admin.createdAt)}>{formatDate(admin.createdAt, timeZone)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 border-t border-stone-200 pt-4 text-sm leading-relaxed text-stone-600 dark:border-stone-800 dark:text-stone-400">
        {ACCOUNT_TEXT.adminsHowTo} <code className={codeStyles}>{ACCOUNT_TEXT.adminsGrant}</code> or{" "}
        <code className={codeStyles}>{ACCOUNT_TEXT.adminsRevoke}</code>.
      </p>
    </section>
  );
}
