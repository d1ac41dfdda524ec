import { useId } from "react";
import { useRevalidator } from "react-router";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import type { AccountAdmin } from "./account.server.ts";
import { AdminRow, PendingRow } from "./admin-rows.tsx";
import { InviteForm } from "./invite-form.tsx";
import type { AdminEvent, PendingInvite } from "./invites.server.ts";
import { ACCOUNT_TEXT, INVITE_TEXT } from "./ui-text.ts";

const panel = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900";

/**
 * Every admin account, the signed-in one first and marked, each removable
 * (never the last); inviting another by e-mail; the invites waiting; and the
 * history of these steps. A site has a handful of admins, so it comes whole.
 */
export function AdminsList({
  admins,
  invites,
  history,
  mailOn,
}: {
  admins: AccountAdmin[];
  invites: PendingInvite[];
  history: AdminEvent[];
  mailOn: boolean;
}) {
  const headingId = useId();
  const timeZone = useVisitorTimeZone();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  return (
    <section aria-labelledby={headingId} className={`${panel} space-y-8`}>
      <div>
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
              <AdminRow key={admin.id} admin={admin} soleAdmin={admins.length === 1} timeZone={timeZone} onChanged={refresh} />
            ))}
          </ul>
        )}
      </div>

      <div className="border-t border-stone-200 pt-6 dark:border-stone-800">
        <InviteForm mailOn={mailOn} onChanged={refresh} />
      </div>

      {invites.length > 0 ? (
        <div className="border-t border-stone-200 pt-6 dark:border-stone-800">
          <h3 className="text-lg font-semibold">{INVITE_TEXT.pendingHeading}</h3>
          <ul aria-label={INVITE_TEXT.pendingHeading} className="mt-2 divide-y divide-stone-200 dark:divide-stone-800">
            {invites.map((invite) => (
              <PendingRow key={invite.id} invite={invite} timeZone={timeZone} onChanged={refresh} />
            ))}
          </ul>
        </div>
      ) : null}

      {history.length > 0 ? (
        <div className="border-t border-stone-200 pt-6 dark:border-stone-800">
          <h3 className="text-lg font-semibold">{INVITE_TEXT.historyHeading}</h3>
          <ol aria-label={INVITE_TEXT.historyHeading} className="mt-2 space-y-2 text-sm text-stone-700 dark:text-stone-300">
            {history.map((event) => (
              <li key={event.id} className="[overflow-wrap:anywhere]">
                <time dateTime={isoDate(event.at)} className="text-stone-500 dark:text-stone-400">
                  {formatDateTime(event.at, timeZone)}
                </time>{" "}
                {event.event === "invite-accepted"
                  ? `${event.actor} ${INVITE_TEXT.events[event.event]}`
                  : `${event.actor} ${INVITE_TEXT.events[event.event]} ${event.subject}`}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
