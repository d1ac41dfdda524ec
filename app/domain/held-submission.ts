// A public-form submission the bot checks held back, as the dashboard's
// Filtered list sees it, and that list's words. Shared by the server and the browser.

export type HeldKind = "contact" | "newsletter";
export type HeldReason = "honeypot" | "too-fast" | "no-token" | "expired" | "reused";

export type HeldContact = { kind: "contact"; name: string | null; email: string | null; message: string };
export type HeldSignUp = { kind: "newsletter"; email: string };

export type HeldSubmission = (HeldContact | HeldSignUp) & {
  id: string;
  reason: HeldReason;
  /** When the form was sent, epoch ms. */
  receivedAt: number;
};

/** Submissions refused because the list was full, within the retention time: how many, and the last one's time (epoch ms). */
export type HeldRefusedSummary = { count: number; lastAt: number };

/** One page of held submissions, newest first, with how many are held in all and how many were refused while it was full. */
export type HeldPage = { items: HeldSubmission[]; nextCursor: string | null; heldCount: number; refused: HeldRefusedSummary | null };

export type HeldIntent = "release" | "delete";

/** Held submissions older than this are deleted unseen. */
export const HELD_RETENTION_DAYS = 30;
/**
 * At most this many are held. Past it, what the checks catch is refused with
 * FLOODED_MESSAGE (and counted for the artist) rather than pushing out what is
 * held, so a flood can neither fill the disk nor bury a real message.
 */
export const MAX_HELD = 1000;

/** What a sender is told when the list is full: true, and something they can act on. */
export const FLOODED_MESSAGE = "The site is receiving too many submissions right now. Please try again later.";

/** What the Filtered list's API answers when it cannot do what was asked. */
export const HELD_ERRORS = {
  loadFailed: "Failed to load filtered submissions",
  idRequired: "Submission ID is required",
  notFound: "This submission is no longer held",
  unknownIntent: "Unknown intent",
  badRequest: "Invalid request body",
  unexpected: "Something went wrong. Please try again.",
} as const;
