import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, FormError, inputStyles, TextField } from "#app/components/ui/text-field.tsx";
import { announcedTo, releaseWhen } from "./announcement-words.ts";
import { LinkButton } from "./link-button.tsx";
import type { MailAreaData, MailAreaResult } from "./mail-area.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { MailCard } from "./mail-card.tsx";
import { MailPreview, type Preview } from "./mail-preview.tsx";
import type { MailingSummary } from "./mailings.server.ts";
import type { UpcomingAnnouncement } from "./release-announcement.server.ts";
import { type MailingDraft, MAX_BODY, MAX_SUBJECT } from "./schema.ts";
import { MAILING_TEXT } from "./ui-text.ts";

/**
 * A mailing's words: a new one, a draft, a sent one's copied, or a scheduled
 * song's announcement. Saving, previewing, testing and sending go through the
 * area's fetcher, whose answers the area tells.
 */
export function Composer({
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
  fetcher: FetcherWithComponents<FormAnswer<MailAreaResult>>;
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
    <MailCard labelledBy="compose-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="compose-heading" className="text-xl font-semibold">
          {announcement ? `Announcement of “${announcement.title}”` : draft ? "Edit draft" : "New mailing"}
        </h2>
        {words ? (
          <LinkButton onClick={onNew} className="text-sm underline-offset-4 hover:underline">
            Start a new one
          </LinkButton>
        ) : null}
      </div>
      <fetcher.Form method="post" className="mt-6 space-y-5" noValidate>
        {draft ? <input type="hidden" name="id" value={draft.id} /> : null}
        {announcement ? <input type="hidden" name="announces" value={announcement.releaseId} /> : null}
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
            <input type="hidden" name="songId" value={announcement.words.songId ?? ""} />
            Release card: <span className="font-medium text-stone-900 dark:text-stone-100">{announcement.title}</span>
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
            <LinkButton className="text-sm" onClick={onClosePreview}>
              Close preview
            </LinkButton>
          </div>
          <p className="mt-2 text-sm">
            <span className="text-stone-500 dark:text-stone-400">Subject:</span> {preview.subject}
          </p>
          <MailPreview html={preview.html} />
        </div>
      ) : null}
    </MailCard>
  );
}
