// The mailing list's words, limits and shapes (SPEC sections 3, 4, 5, 8, 9).
// Shared by the server and the browser, and free of zod on purpose: the footer
// form is on every page, so nothing heavy may ride along with it.

import type { Result } from "#app/lib/result.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";

/** SPEC section 9: the success message stays 3 s, then the form is back. */
export const NEWSLETTER_SUCCESS_MS = 3000;
/** The longest address SMTP can carry (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;
/** SPEC section 9: every subscription made here is marked as coming from the website. */
export const SUBSCRIPTION_SOURCE = "website";

/**
 * What a kept sign-up came to, as the fan is told: on the list; or a
 * confirmation mail on its way to `email` (with mail on; an address already on
 * the list gets the same answer, so the form tells nobody who is); or held by
 * the bot checks for the artist to look at (decision 009), not on the list yet.
 */
export type SignUpOutcome = { outcome: "subscribed" | "confirm" | "held"; email: string };

/** What POST /newsletter answers (its form gets it without the status: FormAnswer). */
export type SubscribeResult = Result<Partial<SignUpOutcome>>;

/** A subscriber as the dashboard sees it. */
export type Subscriber = {
  id: string;
  email: string;
  /** When the current subscription began, epoch ms. */
  timestamp: number;
};

/** One page of current subscribers, newest first, with how many there are in all. */
export type SubscriberPage = {
  subscribers: Subscriber[];
  nextCursor: string | null;
  subscribedCount: number;
  /** Sign-ups whose confirmation link still works: not on the list until they press its button. */
  awaitingCount: number;
};

/**
 * The browser's check before sending: empty, or no "@", in the spec's words.
 * The full format check is the server's (schema.ts), and the form also asks
 * the browser's own e-mail check (the input's type=email validity).
 */
export function quickEmailProblem(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return NEWSLETTER_TEXT.required;
  if (!value.includes("@")) return NEWSLETTER_TEXT.invalid;
  return null;
}
