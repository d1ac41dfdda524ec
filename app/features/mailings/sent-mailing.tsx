import { useEffect, useRef } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { LinkButton } from "./link-button.tsx";
import { MailCard } from "./mail-card.tsx";
import { MailPreview, type Preview } from "./mail-preview.tsx";
import type { MailingSummary } from "./mailings.server.ts";
import { SentProgress } from "./sent-progress.tsx";

/** A sent mailing read again: as it went out, how far it has got, and its words to start a new one from. */
export function SentMailing({
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
    <MailCard labelledBy="sent-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="sent-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Sent mailing
        </h2>
        <LinkButton onClick={onClose} className="text-sm underline-offset-4 hover:underline">
          Back to writing
        </LinkButton>
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
    </MailCard>
  );
}
