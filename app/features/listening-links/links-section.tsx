import { useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, inputStyles } from "#app/components/ui/text-field.tsx";
import { copyToClipboard } from "#app/components/clipboard.ts";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import { useVisitorTimeZone } from "#app/components/paged-list/use-visitor-time-zone.ts";
import type { ListeningLinkView } from "./link-view.ts";
import { LINK_TEXT } from "./ui-text.ts";

/** The release editor's answer, as far as this section reads it. */
type EditorAnswer = {
  ok: boolean;
  intent?: string;
  target?: string;
  message?: string;
  error?: string;
  id?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

type Track = { id: string; title: string };

/**
 * A release's private listening links in its editor (decision 027): make one
 * per person, see who opened it and played what, end it (and undo that), or
 * give it a new end day. Plain form posts, so it works before the app has
 * started; a refusal keeps what was typed.
 */
export function ListeningLinksSection({
  releaseId,
  kind,
  tracks,
  links,
  mailOn,
}: {
  releaseId: string;
  kind: string;
  tracks: Track[];
  links: ListeningLinkView[];
  mailOn: boolean;
}) {
  const id = useId();
  const answer = useActionData<EditorAnswer>();
  const mine = answer?.intent?.startsWith("link-") ? answer : null;
  const titleOf = (songId: string | null) =>
    songId === null ? LINK_TEXT.wholeRelease(kind) : (tracks.find((track) => track.id === songId)?.title ?? "");
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-6 rounded-3xl border border-stone-200 p-5 sm:p-8 dark:border-stone-800">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {LINK_TEXT.sectionHeading}
        </h2>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{LINK_TEXT.sectionIntro}</p>
      </div>
      <CreateLinkForm
        releaseId={releaseId}
        kind={kind}
        tracks={tracks}
        mailOn={mailOn}
        answer={mine?.intent === "link-create" ? mine : null}
      />
      {links.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">{LINK_TEXT.noLinks}</p>
      ) : (
        <ul className="space-y-4" aria-label={LINK_TEXT.sectionHeading}>
          {links.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              what={titleOf(link.songId)}
              fresh={mine?.ok === true && mine.intent === "link-create" && mine.id === link.id}
              answer={mine && mine.target === link.id ? mine : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The visitor's time zone, for a day's end: the browser's, once the app runs; UTC before. */
function useTimeZone(): string {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), []);
  return zone;
}

function CreateLinkForm({
  releaseId,
  kind,
  tracks,
  mailOn,
  answer,
}: {
  releaseId: string;
  kind: string;
  tracks: Track[];
  mailOn: boolean;
  answer: EditorAnswer | null;
}) {
  const id = useId();
  const zone = useTimeZone();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "link-create";
  const typed = answer && !answer.ok ? answer.values : undefined;
  const fieldErrors = answer && !answer.ok ? (answer.fields ?? {}) : {};
  const form = useRef<HTMLFormElement>(null);
  // A link made: the form is ready for the next person.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  return (
    <Form
      ref={form}
      method="post"
      preventScrollReset
      noValidate
      className="space-y-4 rounded-2xl bg-stone-50 p-4 sm:p-5 dark:bg-stone-900/60"
    >
      <input type="hidden" name="intent" value="link-create" />
      <input type="hidden" name="id" value={releaseId} />
      <input type="hidden" name="zone" value={zone} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-recipient`} className="mb-1 block text-sm font-medium">
            {LINK_TEXT.recipientLabel}
          </label>
          <input
            id={`${id}-recipient`}
            name="recipient"
            maxLength={200}
            autoComplete="off"
            defaultValue={typed?.recipient ?? ""}
            aria-invalid={fieldErrors.recipient ? true : undefined}
            aria-describedby={`${id}-recipient-hint${fieldErrors.recipient ? ` ${id}-recipient-error` : ""}`}
            className={inputStyles}
          />
          <FieldError id={`${id}-recipient-error`} message={fieldErrors.recipient} />
          <p id={`${id}-recipient-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {LINK_TEXT.recipientHint}
          </p>
        </div>
        {tracks.length > 1 ? (
          <div>
            <label htmlFor={`${id}-target`} className="mb-1 block text-sm font-medium">
              {LINK_TEXT.targetLabel}
            </label>
            <select id={`${id}-target`} name="target" defaultValue={typed?.target ?? "release"} className={inputStyles}>
              <option value="release">{LINK_TEXT.wholeRelease(kind)}</option>
              {tracks.map((track) => (
                <option key={track.id} value={track.id}>
                  {track.title}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="target" value="release" />
        )}
        <div>
          <label htmlFor={`${id}-expires`} className="mb-1 block text-sm font-medium">
            {LINK_TEXT.expiresLabel}
          </label>
          <input
            id={`${id}-expires`}
            type="date"
            name="expires"
            defaultValue={typed?.expires ?? ""}
            aria-invalid={fieldErrors.expires ? true : undefined}
            aria-describedby={`${id}-expires-hint${fieldErrors.expires ? ` ${id}-expires-error` : ""}`}
            className={inputStyles}
          />
          <FieldError id={`${id}-expires-error`} message={fieldErrors.expires} />
          <p id={`${id}-expires-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {LINK_TEXT.expiresHint}
          </p>
        </div>
      </div>
      <Checkbox
        id={`${id}-download`}
        name="allowDownload"
        label={LINK_TEXT.allowDownloadLabel}
        defaultChecked={typed?.allowDownload === "on"}
      />
      <Checkbox
        id={`${id}-notify`}
        name="notify"
        label={LINK_TEXT.notifyLabel}
        hint={mailOn ? undefined : LINK_TEXT.notifyNoMail}
        disabled={!mailOn}
        defaultChecked={mailOn && typed?.notify === "on"}
      />
      <div className="flex flex-wrap items-center gap-4" aria-live="polite">
        <Button type="submit" variant="primary" aria-disabled={sending}>
          {LINK_TEXT.create}
        </Button>
        {answer ? (
          <p
            role={answer.ok ? "status" : "alert"}
            className={`text-sm font-medium ${answer.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
          >
            {answer.ok ? answer.message : answer.error}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function Checkbox({
  id,
  name,
  label,
  hint,
  disabled,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  disabled?: boolean;
  defaultChecked?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        disabled={disabled}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-brand-600 dark:accent-brand-400"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

const STATE_STYLES: Record<ListeningLinkView["state"], string> = {
  live: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
  revoked: "bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200",
  expired: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
};
const STATE_WORDS: Record<ListeningLinkView["state"], string> = {
  live: LINK_TEXT.stateLive,
  revoked: LINK_TEXT.stateRevoked,
  expired: LINK_TEXT.stateExpired,
};

function LinkCard({ link, what, fresh, answer }: { link: ListeningLinkView; what: string; fresh: boolean; answer: EditorAnswer | null }) {
  const id = useId();
  const zone = useTimeZone();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const address = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("linkId") === link.id;
  const extendError = answer && !answer.ok && answer.intent === "link-extend" ? answer.error : undefined;
  const timeZone = useVisitorTimeZone();
  const when = (at: number) => formatDateTime(at, timeZone);
  return (
    <li
      className={`space-y-3 rounded-2xl border p-4 sm:p-5 ${fresh ? "border-emerald-500 ring-2 ring-emerald-500/30 dark:border-emerald-400" : "border-stone-200 dark:border-stone-800"}`}
      aria-labelledby={`${id}-name`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <p id={`${id}-name`} className="font-semibold">
            {link.recipient}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">{what}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${STATE_STYLES[link.state]}`}>{STATE_WORDS[link.state]}</span>
      </div>
      {link.url ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={address}
            readOnly
            value={link.url}
            aria-label={`Address of the link for ${link.recipient}`}
            onFocus={(event) => event.currentTarget.select()}
            className={`${inputStyles} min-w-0 font-mono text-sm sm:flex-1`}
          />
          <Button
            variant="secondary"
            onClick={() =>
              void copyToClipboard(link.url ?? "").then((done) => {
                setCopied(done ? "yes" : "no");
                if (!done) address.current?.select();
              })
            }
          >
            {copied === "yes" ? LINK_TEXT.copied : LINK_TEXT.copy}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-amber-800 dark:text-amber-300">{LINK_TEXT.otherSecret}</p>
      )}
      <p aria-live="polite" className="sr-only">
        {copied === "yes" ? LINK_TEXT.copied : copied === "no" ? LINK_TEXT.copyFailed : ""}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
        <li>{link.expiresAt !== null ? LINK_TEXT.worksUntil(when(link.expiresAt)) : LINK_TEXT.noEnd}</li>
        <li>
          {link.firstVisitAt === null
            ? LINK_TEXT.neverOpened
            : LINK_TEXT.opened(when(link.firstVisitAt), when(link.lastVisitAt ?? link.firstVisitAt), link.visits)}
        </li>
        <li>{LINK_TEXT.playCount(link.plays)}</li>
        {link.allowDownload ? <li>{LINK_TEXT.downloadAllowed}</li> : null}
      </ul>
      <div className="flex flex-wrap items-start gap-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={link.state === "revoked" ? "link-restore" : "link-revoke"} />
          <input type="hidden" name="id" value={link.id} />
          <input type="hidden" name="linkId" value={link.id} />
          <Button type="submit" variant={link.state === "revoked" ? "secondary" : "danger"} size="sm" aria-disabled={busy}>
            {link.state === "revoked" ? LINK_TEXT.restore : LINK_TEXT.revoke}
          </Button>
        </Form>
        <details className="min-w-0" open={extendError ? true : undefined}>
          <summary className="cursor-pointer py-1 text-sm font-semibold text-brand-700 dark:text-brand-300">{LINK_TEXT.extend}</summary>
          <Form method="post" preventScrollReset noValidate className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="link-extend" />
            <input type="hidden" name="id" value={link.id} />
            <input type="hidden" name="linkId" value={link.id} />
            <input type="hidden" name="zone" value={zone} />
            <div>
              <label htmlFor={`${id}-expires`} className="mb-1 block text-sm font-medium">
                {LINK_TEXT.expiresLabel}
              </label>
              <input
                id={`${id}-expires`}
                type="date"
                name="expires"
                defaultValue={answer?.values?.expires ?? ""}
                aria-invalid={extendError ? true : undefined}
                aria-describedby={extendError ? `${id}-expires-error` : undefined}
                className={inputStyles}
              />
            </div>
            <Button type="submit" variant="secondary" size="sm" aria-disabled={busy}>
              {LINK_TEXT.extend}
            </Button>
            <FieldError id={`${id}-expires-error`} message={extendError} className="basis-full" />
          </Form>
        </details>
      </div>
      {answer?.ok ? (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {answer.message}
        </p>
      ) : answer && !extendError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {answer.error}
        </p>
      ) : null}
    </li>
  );
}
