import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useToasts } from "#app/components/toast/toast-provider.tsx";
import { AnnouncementsList } from "./announcements-list.tsx";
import type { MailAreaData, MailAreaResult } from "./mail-area.server.ts";
import type { FormAnswer } from "#app/lib/http/wire.ts";
import { Composer } from "./mail-composer.tsx";
import type { Preview } from "./mail-preview.tsx";
import { MailingsList } from "./mailings-list.tsx";
import type { MailingSummary } from "./mailings.server.ts";
import { MessageNoticeSwitch } from "./message-notice-switch.tsx";
import type { MailingDraft } from "./schema.ts";
import { SentMailing } from "./sent-mailing.tsx";
import { MAILING_TEXT } from "./ui-text.ts";

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
  const announcement = data.announcements.find((upcoming) => upcoming.releaseId === (draft ? draft.announces : announcing));
  // Here, not in the composer: sending turns the draft into a sent mailing, and the composer
  // starts afresh (a new key) before the answer arrives; the answer must still be told.
  const fetcher = useFetcher<FormAnswer<MailAreaResult>>();
  const { addToast } = useToasts();
  const handled = useRef<FormAnswer<MailAreaResult> | undefined>(undefined);
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
            key={draft?.id ?? (announcement ? `announce-${announcement.releaseId}` : copied ? `copy-${copied.from}` : "new")}
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
          <AnnouncementsList
            announcements={data.announcements}
            editing={opened ? null : (announcement?.releaseId ?? null)}
            onEdit={(upcoming) => {
              setOpened(null);
              setPreview(null);
              setEditing(upcoming.draftId);
              setAnnouncing(upcoming.releaseId);
            }}
          />
        ) : null}
        <MessageNoticeSwitch enabled={data.messageNotice} mailOn={data.mailOn} />
      </div>
    </div>
  );
}
