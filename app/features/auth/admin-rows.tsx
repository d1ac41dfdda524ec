import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatDate, isoDate } from "#app/lib/time/format-date.ts";
import type { AccountAdmin } from "./account.server.ts";
import type { PendingInvite } from "./invites.server.ts";
import { ACCOUNT_TEXT, INVITE_TEXT } from "./ui-text.ts";
import { useAdminsAction } from "./use-admins-action.ts";

/** A row's way to take someone off: asked again first, and quiet while the last press is on its way. */
function RemoveButton({
  label,
  email,
  busy,
  question,
  onConfirmed,
}: {
  label: string;
  email: string;
  busy: boolean;
  question: () => string;
  onConfirmed: () => void;
}) {
  return (
    <Button
      variant="danger"
      size="xs"
      className="shrink-0"
      aria-disabled={busy || undefined}
      aria-label={`${label}: ${email}`}
      onClick={() => {
        if (!busy && window.confirm(question())) onConfirmed();
      }}
    >
      {label}
    </Button>
  );
}

export function PendingRow({
  invite,
  timeZone,
  onChanged,
}: {
  invite: PendingInvite;
  timeZone: string | undefined;
  onChanged: () => void;
}) {
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
      <RemoveButton
        label={INVITE_TEXT.revoke}
        email={invite.email}
        busy={action.busy}
        question={() => INVITE_TEXT.confirmRevoke(invite.email)}
        onConfirmed={() => action.submit({ intent: "revoke-invite", id: invite.id })}
      />
    </li>
  );
}

export function AdminRow({
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
        <RemoveButton
          label={INVITE_TEXT.remove}
          email={admin.email}
          busy={action.busy}
          question={() => (admin.you ? INVITE_TEXT.confirmRemoveSelf : INVITE_TEXT.confirmRemove(admin.email))}
          onConfirmed={() => action.submit({ intent: "remove-admin", id: admin.id })}
        />
      )}
    </li>
  );
}
