import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { EARLY_SUBMIT_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { formatDate, formatDateTime, isoDate } from "#app/lib/time/format-date.ts";
import type { AccountAdmin } from "./account.server.ts";
import type { AdminEvent, PendingInvite } from "./invites.server.ts";
import { ACCOUNT_TEXT, INVITE_TEXT } from "./ui-text.ts";

const ADMINS_API = "/api/admins";
type Answer = { success: boolean; error?: string; email?: string; mailed?: boolean; link?: string | null; self?: boolean };

const panel = "rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8 dark:border-stone-800 dark:bg-stone-900";

/** One POST to the admins API at a time, with its answer handed to `onAnswer` once. */
function useAdminsAction(onAnswer: (answer: Answer) => void) {
  const fetcher = useFetcher<Answer>();
  const asked = useRef(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (busy || !fetcher.data || !asked.current) return;
    asked.current = false;
    onAnswer(fetcher.data);
  }, [busy, fetcher.data, onAnswer]);
  return {
    busy,
    fetcher,
    submit(fields: Record<string, string>) {
      if (busy) return;
      asked.current = true;
      void fetcher.submit(fields, { method: "post", action: ADMINS_API, defaultShouldRevalidate: false });
    },
  };
}

function InviteForm({ mailOn, onChanged }: { mailOn: boolean; onChanged: () => void }) {
  const { addToast } = useToasts();
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ email: string; link: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const action = useAdminsAction((answer) => {
    if (!answer.success) return setError(answer.error ?? INVITE_TEXT.failed);
    setError(null);
    form.current?.reset();
    onChanged();
    if (answer.link && answer.email) setMade({ email: answer.email, link: answer.link });
    else addToast(INVITE_TEXT.invitedByMail(answer.email ?? ""), "success");
  });
  useEffect(() => {
    if (made) linkField.current?.select();
  }, [made]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold">
        {INVITE_TEXT.inviteHeading}
      </h3>
      <p className="text-sm text-stone-600 dark:text-stone-400">{INVITE_TEXT.inviteIntro}</p>
      <form
        ref={form}
        method="post"
        action={ADMINS_API}
        // The API answers in JSON: a press before the app is there waits for it (app/lib/document/early-taps.ts).
        {...{ [EARLY_SUBMIT_ATTRIBUTE]: "" }}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          setMade(null);
          action.submit({ intent: "invite", email: String(new FormData(event.currentTarget).get("email") ?? "") });
        }}
      >
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label={INVITE_TEXT.emailLabel}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          error={error ?? undefined}
        />
        <Button type="submit" variant="primary" aria-disabled={action.busy || undefined}>
          {action.busy ? INVITE_TEXT.inviting : mailOn ? INVITE_TEXT.invite : INVITE_TEXT.inviteNoMail}
        </Button>
      </form>
      {made ? (
        <div
          role="status"
          className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
        >
          <p>{INVITE_TEXT.invitedLink(made.email)}</p>
          <label className="block font-semibold" htmlFor={`${headingId}-link`}>
            {INVITE_TEXT.linkLabel}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              ref={linkField}
              id={`${headingId}-link`}
              readOnly
              value={made.link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-xs text-stone-900 dark:border-amber-800 dark:bg-stone-900 dark:text-stone-100"
            />
            <Button
              variant="secondary"
              onClick={() => {
                navigator.clipboard?.writeText(made.link).then(
                  () => addToast(INVITE_TEXT.linkCopied, "success"),
                  () => linkField.current?.select(),
                );
              }}
            >
              {INVITE_TEXT.copyLink}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function PendingRow({ invite, timeZone, onChanged }: { invite: PendingInvite; timeZone: string | undefined; onChanged: () => void }) {
  const { addToast } = useToasts();
  const action = useAdminsAction((answer) => {
    if (!answer.success) return addToast(answer.error ?? INVITE_TEXT.failed, "error");
    addToast(INVITE_TEXT.revoked(invite.email), "success");
    onChanged();
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere]">{invite.email}</p>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {INVITE_TEXT.expires} <time dateTime={isoDate(invite.expiresAt)}>{formatDate(invite.expiresAt, timeZone)}</time>
        </p>
      </div>
      <Button
        variant="danger"
        size="xs"
        className="shrink-0"
        aria-disabled={action.busy || undefined}
        aria-label={`${INVITE_TEXT.revoke}: ${invite.email}`}
        onClick={() => {
          if (!action.busy && window.confirm(INVITE_TEXT.confirmRevoke(invite.email)))
            action.submit({ intent: "revoke-invite", id: invite.id });
        }}
      >
        {INVITE_TEXT.revoke}
      </Button>
    </li>
  );
}

function AdminRow({
  admin,
  soleAdmin,
  timeZone,
  onChanged,
}: {
  admin: AccountAdmin;
  soleAdmin: boolean;
  timeZone: string | undefined;
  onChanged: () => void;
}) {
  const { addToast } = useToasts();
  const action = useAdminsAction((answer) => {
    if (!answer.success) return addToast(answer.error ?? INVITE_TEXT.failed, "error");
    // Removing oneself ends one's own session: off to the home page, signed out.
    if (answer.self) return window.location.assign("/");
    addToast(INVITE_TEXT.removed(admin.email), "success");
    onChanged();
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
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
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {ACCOUNT_TEXT.joined} <time dateTime={isoDate(admin.createdAt)}>{formatDate(admin.createdAt, timeZone)}</time>
        </p>
      </div>
      {/* The last admin has no Remove: a site always keeps someone who can run it. */}
      {soleAdmin ? null : (
        <Button
          variant="danger"
          size="xs"
          className="shrink-0"
          aria-disabled={action.busy || undefined}
          aria-label={`${INVITE_TEXT.remove}: ${admin.email}`}
          onClick={() => {
            const question = admin.you ? INVITE_TEXT.confirmRemoveSelf : INVITE_TEXT.confirmRemove(admin.email);
            if (!action.busy && window.confirm(question)) action.submit({ intent: "remove-admin", id: admin.id });
          }}
        >
          {INVITE_TEXT.remove}
        </Button>
      )}
    </li>
  );
}

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
