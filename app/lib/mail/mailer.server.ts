import nodemailer from "nodemailer";
import type { MailConfig } from "./mail-config.server.ts";

/** One mail as it goes out: every text already checked to be header-safe where it is a header. */
export type OutgoingMail = {
  to: string;
  from: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  /** Without angle brackets: `id@domain`. The same on every attempt at this mail. */
  messageId: string;
  headers?: Record<string, string>;
  replyTo?: { name: string; address: string };
};

/**
 * What became of one attempt. `temporary`: try again later (a 4xx answer, no
 * connection, a timeout); `permanent`: the server refused this mail for good
 * (a 5xx answer), trying again would not help. `ok` as a Result's, but not a
 * Result: the refusal is the SMTP server's, with no HTTP status of ours.
 */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };

export type Mailer = {
  send(mail: OutgoingMail): Promise<SendResult>;
  close(): void;
};

/** A mailer over SMTP: one pooled connection, reused mail after mail. */
export function createMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: 1,
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.auth,
    // A server that is slow to answer holds one mail, not the whole outbox.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          envelope: { from: config.from.address, to: [mail.to] },
          from: { name: mail.from.name, address: mail.from.address },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo,
          messageId: `<${mail.messageId}>`,
          headers: mail.headers,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { ok: true };
      } catch (error) {
        return classify(error);
      }
    },
    close: () => transport.close(),
  };
}

function classify(error: unknown): SendResult {
  const responseCode = typeof error === "object" && error && "responseCode" in error ? Number(error.responseCode) : NaN;
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, permanent: responseCode >= 500 && responseCode < 600, error: message.slice(0, 500) };
}
