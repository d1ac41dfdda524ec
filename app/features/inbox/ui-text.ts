// The contact form's words and limits, apart from the zod schema (schema.ts) so
// the browser gets them without zod: the form checks only what it must itself.

/** SPEC section 5 and 8, plus a length limit a person can understand. */
export const CONTACT_TEXT = {
  messageRequired: "Please enter a message",
  serviceMessageRequired: "Message is required",
  invalidEmail: "Invalid email address",
  messageTooLong: "Your message is too long (5,000 characters at most).",
  nameTooLong: "Your name is too long (100 characters at most).",
  sent: "Message Sent!",
  failed: "Something went wrong. Please try again.",
} as const;

export const MAX_MESSAGE_LENGTH = 5000;
/** SPEC section 9: the success panel stays 5 s. */
export const CONTACT_SUCCESS_MS = 5000;

/** The service layer's and the area's messages (SPEC sections 5 and 8). */
export const INBOX_TEXT = {
  idRequired: "Message ID is required",
  notFound: "Message not found",
  invalidCursor: "Invalid cursor",
  invalidLimit: "Invalid limit",
  loadFailed: "Failed to load messages",
  unknownIntent: "Unknown intent",
  badRequest: "Invalid request body",
  unexpected: "Something went wrong. Please try again.",
} as const;
