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

/** What the Filtered list's API answers when it cannot do what was asked. */
export const HELD_ERRORS = {
  loadFailed: "Failed to load filtered submissions",
  idRequired: "Submission ID is required",
  notFound: "This submission is no longer held",
  unknownIntent: "Unknown intent",
  badRequest: "Invalid request body",
  unexpected: "Something went wrong. Please try again.",
} as const;
