import { useEffect, useId, useRef, useState } from "react";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { EARLY_SUBMIT_ATTRIBUTE } from "#app/lib/document/early-taps.ts";
import { INVITE_TEXT } from "./ui-text.ts";
import { ADMINS_API, useAdminsAction } from "./use-admins-action.ts";

/** Invites someone by e-mail: the invite is mailed, or, without mail, its link is shown to pass on by hand. */
export function InviteForm({ mailOn, onChanged }: { mailOn: boolean; onChanged: () => void }) {
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
