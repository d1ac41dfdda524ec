import type { MailContent } from "./outbox.server.ts";

/** The words of the password-reset mail (one recipient, no list headers). */
export function resetMail(artist: string, name: string, link: string): MailContent {
  return {
    subject: `Reset your password for ${artist}'s site`,
    text:
      `Hi ${name || "there"},\n\nSomeone, hopefully you, asked to reset the password of the account with this address on ${artist}'s site. ` +
      `To choose a new one, open this link within an hour:\n\n${link}\n\nIt works once. If it was not you, ignore this mail: your password stays as it is.`,
    listUnsubscribe: false,
  };
}
