import { useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher, useRevalidator } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, FormError, inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { formatDateTime } from "#app/lib/time/format-date.ts";
import type { MailAreaAnswer, MailAreaData } from "./mail-area.server.ts";
import type { MailingSummary } from "./mailings.server.ts";
import type { UpcomingAnnouncement } from "./release-announcement.server.ts";
import { type MailingDraft, MAX_BODY, MAX_SUBJECT } from "./schema.ts";
import { MAILING_TEXT } from "./ui-text.ts";

const card = "rounded-2xl border border-stone-200 bg-white p-6 sm:p-8 dark:border-stone-800 dark:bg-stone-900";

/** While any mailing is still going out, its numbers are read again every two seconds. */
function useLiveProgress(mailings: MailingSummary[]) {
  const { revalidate, state } = useRevalidator();
  const sending = mailings.some((mailing) => (mailing.progress?.left ?? 0) > 0);
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, 2_000);
    return () => clearInterval(timer);
  }, [sending, revalidate, state]);
}

export function MailArea({ data }: { data: MailAreaData }) {
  useLiveProgress(data.mailings);
  const drafts = data.mailings.filter((mailing) => mailing.status === "draft" && !mailing.announces);
  const [editing, setEditing] = useState<string | null>(drafts[0]?.id ?? null);
  // A scheduled song whose announcement is being written before it has a draft of its own.
  const [announcing, setAnnouncing] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  // A sent mailing opened to read again (its stored mail), and words copied from one into a new draft.
  const [opened, setOpened] = useState<{ id: string; mail: Preview | null } | null>(null);
  const [copied, setCopied] = useState<{ from: string; words: MailingDraft } | null>(null);
  const draft = data.mailings.find((mailing) => mailing.id === editing && mailing.status === "draft");
  const openedMailing = data.mailings.find((mailing) => mailing.id === opened?.id && mailing.status === "sent");
  const announcement = data.announcements.find((upcoming) => upcoming.songId === (draft ? draft.announces : announcing));
  // Here, not in the composer: sending turns the draft into a sent mailing, and the composer
  // starts afresh (a new key) before the answer arrives; the answer must still be told.
  const fetcher = useFetcher<MailAreaAnswer>();
  const { addToast } = useToasts();
  const handled = useRef<MailAreaAnswer | undefined>(undefined);
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) {
      if (!answer.fieldErrors) addToast(answer.error, "error");
      return;
    }
    if (answer.intent === "open") return setOpened({ id: answer.id, mail: answer.preview ?? null });
    if (answer.preview) return setPreview(answer.preview);
    addToast(answer.message, "success");
    setPreview(null);
    setEditing(answer.intent === "send" || answer.intent === "delete" ? null : answer.id);
    if (answer.intent === "save") setCopied(null);
    if (answer.intent === "delete") setAnnouncing(null);
  }, [answer, fetcher.state, addToast]);
  const open = (id: string) => {
    setOpened({ id, mail: null });
    void fetcher.submit({ intent: "open", id }, { method: "post" });
  };
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
      <div className="space-y-6">
        {data.mailOn ? null : (
          <p
            role="note"
            className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
          >
            {MAILING_TEXT.mailOff}
          </p>
        )}
        {openedMailing && opened ? (
          <SentMailing
            mailing={openedMailing}
            mail={opened.mail}
            onClose={() => setOpened(null)}
            onCopy={() => {
              setCopied({ from: openedMailing.id, words: openedMailing });
              setEditing(null);
              setPreview(null);
              setOpened(null);
            }}
          />
        ) : (
          <Composer
            key={draft?.id ?? (announcement ? `announce-${announcement.songId}` : copied ? `copy-${copied.from}` : "new")}
            data={data}
            draft={draft}
            announcement={announcement}
            words={draft ?? announcement?.words ?? copied?.words}
            fetcher={fetcher}
            preview={preview}
            onClosePreview={() => setPreview(null)}
            onNew={() => {
              setEditing(null);
              setAnnouncing(null);
              setCopied(null);
              setPreview(null);
            }}
          />
        )}
      </div>
      <div className="space-y-6">
        <MailingsList
          mailings={data.mailings}
          editing={opened ? null : (draft?.id ?? null)}
          opened={opened?.id ?? null}
          onEdit={(id) => {
            setOpened(null);
            setEditing(id);
          }}
          onOpen={open}
        />
        {data.announcements.length > 0 ? (
          <Announcements
            announcements={data.announcements}
            editing={opened ? null : (announcement?.songId ?? null)}
            onEdit={(upcoming) => {
              setOpened(null);
              setPreview(null);
              setEditing(upcoming.draftId);
              setAnnouncing(upcoming.songId);
            }}
          />
        ) : null}
        <MessageNotice enabled={data.messageNotice} mailOn={data.mailOn} />
      </div>
    </div>
  );
}

type Preview = { subject: string; html: string };

function Composer({
  data,
  draft,
  announcement,
  words,
  fetcher,
  preview,
  onClosePreview,
  onNew,
}: {
  data: MailAreaData;
  draft: MailingSummary | undefined;
  /** A scheduled song's announcement: it goes out with the song, not by Send. */
  announcement: UpcomingAnnouncement | undefined;
  /** What the fields start with: the draft's, or a sent mailing's copied into a new one. */
  words: MailingDraft | undefined;
  fetcher: FetcherWithComponents<MailAreaAnswer>;
  preview: Preview | null;
  onClosePreview: () => void;
  onNew: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const fieldErrors = answer && !answer.ok ? (answer.fieldErrors ?? {}) : {};
  const count = data.subscribers;
  return (
    <section aria-labelledby="compose-heading" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="compose-heading" className="text-xl font-semibold">
          {announcement ? `Announcement of “${announcement.title}”` : draft ? "Edit draft" : "New mailing"}
        </h2>
        {words ? (
          <button
            type="button"
            onClick={onNew}
            className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            Start a new one
          </button>
        ) : null}
      </div>
      <fetcher.Form method="post" className="mt-6 space-y-5" noValidate>
        {draft ? <input type="hidden" name="id" value={draft.id} /> : null}
        {announcement ? <input type="hidden" name="announces" value={announcement.songId} /> : null}
        <TextField
          label="Subject"
          name="subject"
          defaultValue={words?.subject}
          maxLength={MAX_SUBJECT}
          required
          error={fieldErrors.subject}
          onChange={() => setConfirming(false)}
        />
        <div className="space-y-1.5">
          <label htmlFor="mailing-body" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
            Message
          </label>
          <textarea
            id="mailing-body"
            name="body"
            rows={12}
            defaultValue={words?.body}
            maxLength={MAX_BODY}
            required
            aria-invalid={fieldErrors.body ? true : undefined}
            aria-describedby={`mailing-body-hint${fieldErrors.body ? " mailing-body-error" : ""}`}
            className={`${inputStyles} resize-y font-mono text-sm leading-relaxed`}
            onChange={() => setConfirming(false)}
          />
          <FieldError id="mailing-body-error" message={fieldErrors.body} />
          <p id="mailing-body-hint" className="text-xs text-stone-500 dark:text-stone-400">
            Markdown: a blank line between paragraphs, **bold**, *italic*, [a link](https://…). Your name, contact address and an
            unsubscribe link are added at the end.
          </p>
        </div>
        {announcement ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <input type="hidden" name="songId" value={announcement.songId} />
            Song card: <span className="font-medium text-stone-900 dark:text-stone-100">{announcement.title}</span>
          </p>
        ) : (
          <div className="space-y-1.5">
            <label htmlFor="mailing-song" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              Song card (optional)
            </label>
            <select id="mailing-song" name="songId" defaultValue={words?.songId ?? ""} className={inputStyles}>
              <option value="">No song</option>
              {data.songs.map((song) => (
                <option key={song.id} value={song.id}>
                  {song.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <FormError id="mailing-error" message={answer && !answer.ok && !answer.fieldErrors ? answer.error : null} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
            Save draft
          </Button>
          <Button type="submit" name="intent" value="preview" variant="secondary" disabled={busy}>
            Preview
          </Button>
          <Button type="submit" name="intent" value="test" variant="secondary" disabled={busy || !data.mailOn}>
            Send a test to me
          </Button>
          {announcement ? null : (
            <Button variant="primary" disabled={busy || !data.mailOn || count === 0} onClick={() => setConfirming(true)}>
              Send to {count.toLocaleString("en")} {count === 1 ? "subscriber" : "subscribers"}…
            </Button>
          )}
        </div>
        {announcement ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            Goes out by itself when “{announcement.title}” comes out, {releaseWhen(announcement)}, {announcedTo(announcement)}.
            {draft ? null : " Until you save, it has the site's own words."}
          </p>
        ) : count === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">{MAILING_TEXT.noSubscribers}</p>
        ) : null}
        {confirming ? (
          <div
            role="group"
            aria-label="Confirm sending"
            className="rounded-xl border border-brand-300 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-800/30"
          >
            <p className="text-sm">
              Send this now to {count.toLocaleString("en")} {count === 1 ? "subscriber" : "subscribers"}? It cannot be called back.
            </p>
            <input type="hidden" name="confirm" value="yes" />
            <div className="mt-3 flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="send" variant="primary" disabled={busy}>
                {busy ? "Sending..." : "Send now"}
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </fetcher.Form>
      {preview ? (
        <div className="mt-8">
          <div className="flex items-baseline justify-between gap-3">
            <h3 className="text-sm font-semibold uppercase tracking-wider text-stone-500 dark:text-stone-400">Preview</h3>
            <button type="button" className="text-sm font-semibold text-brand-700 dark:text-brand-300" onClick={onClosePreview}>
              Close preview
            </button>
          </div>
          <p className="mt-2 text-sm">
            <span className="text-stone-500 dark:text-stone-400">Subject:</span> {preview.subject}
          </p>
          <MailPreview html={preview.html} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * The mail as a fan's mail app shows it: its own document in a frame, so the
 * dashboard's styles neither reach it nor make it look better than it will.
 * Sandboxed without scripts (it has none); same-origin only so the frame can be
 * as tall as the mail.
 */
function MailPreview({ html }: { html: string }) {
  const [height, setHeight] = useState(480);
  return (
    <iframe
      title="The mailing as fans will see it"
      sandbox="allow-same-origin"
      srcDoc={html}
      // The body's own height: the document's scroll height is never less than the frame's.
      onLoad={(event) => setHeight(Math.max(160, event.currentTarget.contentDocument?.body.offsetHeight ?? 480))}
      style={{ height }}
      className="mt-3 block w-full rounded-xl border border-stone-200 bg-white dark:border-stone-700"
    />
  );
}

function MailingsList({
  mailings,
  editing,
  opened,
  onEdit,
  onOpen,
}: {
  mailings: MailingSummary[];
  editing: string | null;
  opened: string | null;
  onEdit: (id: string) => void;
  onOpen: (id: string) => void;
}) {
  // A scheduled song's announcement is listed with its song until it has gone.
  const shown = mailings.filter((mailing) => mailing.status === "sent" || !mailing.announces);
  return (
    <section aria-labelledby="mailings-heading" className={card}>
      <h2 id="mailings-heading" className="text-xl font-semibold">
        Mailings
      </h2>
      {shown.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600 dark:text-stone-400">Nothing written yet. Drafts and sent mailings show here.</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
          {shown.map((mailing) => (
            <li key={mailing.id} className="py-4">
              <p className="font-medium break-words">{mailing.subject}</p>
              {mailing.status === "draft" ? (
                <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-stone-600 dark:text-stone-400">
                  <span>Draft, {formatDateTime(mailing.updatedAt)}</span>
                  {editing === mailing.id ? (
                    <span className="font-semibold">Editing</span>
                  ) : (
                    <button type="button" className="font-semibold text-brand-700 dark:text-brand-300" onClick={() => onEdit(mailing.id)}>
                      Edit<span className="sr-only"> {mailing.subject}</span>
                    </button>
                  )}
                </p>
              ) : (
                <>
                  <SentProgress mailing={mailing} />
                  {opened === mailing.id ? (
                    <p className="mt-1 text-sm font-semibold text-stone-600 dark:text-stone-400">Open</p>
                  ) : (
                    <button
                      type="button"
                      className="mt-1 text-sm font-semibold text-brand-700 dark:text-brand-300"
                      onClick={() => onOpen(mailing.id)}
                    >
                      Open<span className="sr-only"> {mailing.subject}</span>
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A release's time as the artist set it: in their zone, named. */
const releaseWhen = (upcoming: UpcomingAnnouncement) =>
  `${formatDateTime(upcoming.releaseAt, upcoming.releaseTimeZone)} (${upcoming.releaseTimeZone.replaceAll("_", " ")})`;

const announcedTo = (upcoming: UpcomingAnnouncement) => {
  const fans = `${upcoming.recipients.toLocaleString("en")} ${upcoming.recipients === 1 ? "fan" : "fans"}`;
  return upcoming.toEveryone ? `to everyone on the list (${fans} now)` : `to the fans who asked on its page to be told (${fans} now)`;
};

function Announcements({
  announcements,
  editing,
  onEdit,
}: {
  announcements: UpcomingAnnouncement[];
  editing: string | null;
  onEdit: (upcoming: UpcomingAnnouncement) => void;
}) {
  return (
    <section aria-labelledby="announcements-heading" className={card}>
      <h2 id="announcements-heading" className="text-xl font-semibold">
        {MAILING_TEXT.withARelease}
      </h2>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{MAILING_TEXT.withAReleaseIntro}</p>
      <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
        {announcements.map((upcoming) => (
          <li key={upcoming.songId} className="py-4">
            <p className="font-medium break-words">{upcoming.words.subject}</p>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              When “{upcoming.title}” comes out, {releaseWhen(upcoming)}, {announcedTo(upcoming)}.
            </p>
            <p className="mt-1 text-sm">
              {editing === upcoming.songId ? (
                <span className="font-semibold text-stone-600 dark:text-stone-400">Editing</span>
              ) : (
                <button type="button" className="font-semibold text-brand-700 dark:text-brand-300" onClick={() => onEdit(upcoming)}>
                  {upcoming.draftId ? "Edit" : "Write"}
                  <span className="sr-only"> the announcement of {upcoming.title}</span>
                </button>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A sent mailing read again: as it went out, how far it has got, and its words to start a new one from. */
function SentMailing({
  mailing,
  mail,
  onClose,
  onCopy,
}: {
  mailing: MailingSummary;
  mail: Preview | null;
  onClose: () => void;
  onCopy: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the list (beside or, on a phone, below): the keyboard and the eye go to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="sent-heading" className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="sent-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Sent mailing
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
        >
          Back to writing
        </button>
      </div>
      <p className="mt-4 text-lg font-medium break-words">{mailing.subject}</p>
      <SentProgress mailing={mailing} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onCopy}>
          Copy into a new draft
        </Button>
      </div>
      {mail ? (
        <MailPreview html={mail.html} />
      ) : (
        <p role="status" className="mt-6 text-sm text-stone-600 dark:text-stone-400">
          Loading the mail…
        </p>
      )}
    </section>
  );
}

/** On or off with one press: a switch that saves at once and says so. */
function MessageNotice({ enabled, mailOn }: { enabled: boolean; mailOn: boolean }) {
  const fetcher = useFetcher<MailAreaAnswer>();
  const { addToast } = useToasts();
  const pending = fetcher.formData?.get("enabled");
  const on = pending === undefined || pending === null ? enabled : pending === "on";
  const handled = useRef<MailAreaAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    addToast(answer.ok ? answer.message : answer.error, answer.ok ? "success" : "error");
  }, [fetcher.data, fetcher.state, addToast]);
  return (
    <section aria-labelledby="notice-heading" className={card}>
      <h2 id="notice-heading" className="text-xl font-semibold">
        {MAILING_TEXT.noticeTitle}
      </h2>
      <div className="mt-4 flex items-start justify-between gap-4">
        <div>
          <p id="notice-label" className="font-medium">
            {MAILING_TEXT.noticeLabel}
          </p>
          <p id="notice-hint" className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {mailOn ? MAILING_TEXT.noticeHint : MAILING_TEXT.noticeWaits}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="notice-label"
          aria-describedby="notice-hint"
          onClick={() => fetcher.submit({ intent: "notify", enabled: on ? "off" : "on" }, { method: "post" })}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
            on ? "bg-brand-600 dark:bg-brand-500" : "bg-stone-300 dark:bg-stone-700"
          }`}
        >
          <span
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-6" : "translate-x-1"}`}
          />
        </button>
      </div>
    </section>
  );
}

function SentProgress({ mailing }: { mailing: MailingSummary }) {
  const progress = mailing.progress ?? { sent: 0, failed: 0, left: 0 };
  const total = progress.sent + progress.failed + progress.left;
  const done = total === 0 ? 1 : (progress.sent + progress.failed) / total;
  return (
    <div className="mt-1 space-y-2 text-sm text-stone-600 dark:text-stone-400">
      <p>
        Sent {formatDateTime(mailing.sentAt)} by {mailing.updatedBy}
      </p>
      <div
        role="progressbar"
        aria-label={`Progress of ${mailing.subject}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={progress.sent + progress.failed}
        className="h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
      >
        <div className="h-full bg-brand-600 dark:bg-brand-400" style={{ width: `${Math.round(done * 100)}%` }} />
      </div>
      <p data-testid="mailing-progress">
        {progress.sent.toLocaleString("en")} sent · {progress.failed.toLocaleString("en")} failed · {progress.left.toLocaleString("en")}{" "}
        left
      </p>
    </div>
  );
}
