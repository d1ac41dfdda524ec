import { announcedTo, releaseWhen } from "./announcement-words.ts";
import { LinkButton } from "./link-button.tsx";
import { MailCard } from "./mail-card.tsx";
import type { UpcomingAnnouncement } from "./release-announcement.server.ts";
import { MAILING_TEXT } from "./ui-text.ts";

/** The scheduled songs whose mail goes out with them, each with its announcement to write or edit. */
export function AnnouncementsList({
  announcements,
  editing,
  onEdit,
}: {
  announcements: UpcomingAnnouncement[];
  editing: string | null;
  onEdit: (upcoming: UpcomingAnnouncement) => void;
}) {
  return (
    <MailCard labelledBy="announcements-heading">
      <h2 id="announcements-heading" className="text-xl font-semibold">
        {MAILING_TEXT.withARelease}
      </h2>
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">{MAILING_TEXT.withAReleaseIntro}</p>
      <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800">
        {announcements.map((upcoming) => (
          <li key={upcoming.releaseId} className="py-4">
            <p className="font-medium break-words">{upcoming.words.subject}</p>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              When “{upcoming.title}” comes out, {releaseWhen(upcoming)}, {announcedTo(upcoming)}.
            </p>
            <p className="mt-1 text-sm">
              {editing === upcoming.releaseId ? (
                <span className="font-semibold text-stone-600 dark:text-stone-400">Editing</span>
              ) : (
                <LinkButton onClick={() => onEdit(upcoming)}>
                  {upcoming.draftId ? "Edit" : "Write"}
                  <span className="sr-only"> the announcement of {upcoming.title}</span>
                </LinkButton>
              )}
            </p>
          </li>
        ))}
      </ul>
    </MailCard>
  );
}
