import { formatDateTime } from "#app/lib/time/format-date.ts";
import { LinkButton } from "./link-button.tsx";
import { MailCard } from "./mail-card.tsx";
import type { MailingSummary } from "./mailings.server.ts";
import { SentProgress } from "./sent-progress.tsx";

/** Drafts to edit and sent mailings to open again, newest first. */
export function MailingsList({
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
    <MailCard labelledBy="mailings-heading">
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
                    <LinkButton onClick={() => onEdit(mailing.id)}>
                      Edit<span className="sr-only"> {mailing.subject}</span>
                    </LinkButton>
                  )}
                </p>
              ) : (
                <>
                  <SentProgress mailing={mailing} />
                  {opened === mailing.id ? (
                    <p className="mt-1 text-sm font-semibold text-stone-600 dark:text-stone-400">Open</p>
                  ) : (
                    <LinkButton className="mt-1 text-sm" onClick={() => onOpen(mailing.id)}>
                      Open<span className="sr-only"> {mailing.subject}</span>
                    </LinkButton>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </MailCard>
  );
}
