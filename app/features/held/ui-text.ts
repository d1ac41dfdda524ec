// The words of the dashboard's Filtered list.
import { HELD_RETENTION_DAYS, type HeldReason } from "#app/domain/held-submission.ts";

export const HELD_TEXT = {
  heading: "Filtered",
  intro: `Messages and sign-ups our spam checks held back. Release the real ones; the rest are deleted after ${HELD_RETENTION_DAYS} days.`,
  empty: "Nothing filtered",
  releaseContact: "Move to Inbox",
  releaseSignUp: "Add to Mailing List",
  delete: "Delete",
  deleteConfirmation: "Are you sure you want to delete this submission?",
  releasedContact: "Moved to the inbox",
  releasedSignUp: "Added to the mailing list",
  deleted: "Deleted",
  releaseFailed: "Failed to release submission",
  deleteFailed: "Failed to delete submission",
  contactLabel: "Contact message",
  signUpLabel: "Mailing list sign-up",
  /** While the list is full, what the checks catch is refused (the sender is asked to try again later), not held. */
  refused: (count: number, last: string) =>
    `While this list was full, ${count === 1 ? "1 more submission was" : `${count} more submissions were`} refused and the sender asked to try again later (the last ${last}). Delete what is spam to make room.`,
} as const;

/** Why the checks held it, in words an artist can weigh. */
export const HELD_REASON_TEXT: Record<HeldReason, string> = {
  "too-fast": "Sent sooner after opening the page than a person can write (autofill, a fast typist, or a script)",
  honeypot: "Filled in a hidden field that only automated tools see",
  "no-token": "Sent without the site's form (no form token)",
  expired: "Sent from a page opened more than a day before (a page saved long ago, or a script replaying one)",
  reused: "Sent with a form already used for a different message (a script posting many times from one page)",
};
