// A public-form submission the bot checks held back, as the dashboard's
// Filtered list sees it, and that list's words. Shared by the server and the browser.

export type HeldKind = "contact" | "newsletter";
export type HeldReason = "honeypot" | "too-fast" | "no-token";

export type HeldContact = { kind: "contact"; name: string | null; email: string | null; message: string };
export type HeldSignUp = { kind: "newsletter"; email: string };

export type HeldSubmission = (HeldContact | HeldSignUp) & {
  id: string;
  reason: HeldReason;
  /** When the form was sent, epoch ms. */
  receivedAt: number;
};

/** One page of held submissions, newest first, with how many are held in all. */
export type HeldPage = { items: HeldSubmission[]; nextCursor: string | null; heldCount: number };

export type HeldIntent = "release" | "delete";

/** Held submissions older than this are deleted unseen. */
export const HELD_RETENTION_DAYS = 30;
/** At most this many are kept; past it the oldest go first, so a flood cannot fill the disk. */
export const MAX_HELD = 1000;

export const FILTERED_WORDS = {
  heading: "Filtered",
  intro: `Messages and sign-ups our spam checks held back. Release the real ones; the rest are deleted after ${HELD_RETENTION_DAYS} days.`,
  empty: "Nothing filtered",
  loadFailed: "Failed to load filtered submissions",
  idRequired: "Submission ID is required",
  notFound: "This submission is no longer held",
  unknownIntent: "Unknown intent",
  badRequest: "Invalid request body",
  unexpected: "Something went wrong. Please try again.",
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
} as const;

/** Why the checks held it, in words an artist can weigh. */
export const HELD_REASON_TEXT: Record<HeldReason, string> = {
  "too-fast": "Sent within 2 seconds of opening the page (autofill, a fast typist, or a script)",
  honeypot: "Filled in a hidden field that only automated tools see",
  "no-token": "Sent without the site's form (no form token)",
};
