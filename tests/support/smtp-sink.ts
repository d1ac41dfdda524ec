import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail as the SMTP server received it. */
export type ReceivedMail = { to: string[]; from: string; raw: string; messageId: string; headers: Map<string, string> };

/**
 * A real SMTP server on loopback that keeps what it is sent. `refuse` makes
 * it answer every mail with a temporary (4xx) or permanent (5xx) refusal,
 * like a provider that is down or rate-limiting, until set back to null.
 */
export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  refuse: { code: 451 | 421 | 550; message: string } | null;
  /** Mails per Message-ID: more than one is a repeat. */
  repeats(): number;
  close(): Promise<void>;
};

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sink: Partial<SmtpSink> = { received, refuse: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refusal = sink.refuse;
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const headers = parseHeaders(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          raw,
          messageId: headers.get("message-id") ?? "",
          headers,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed mid-conversation resets its connection: that is the client's end, not the server's.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") console.error("SMTP sink:", error);
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return Object.assign(sink, {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    repeats: () => received.length - new Set(received.map((mail) => mail.messageId)).size,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}

/** The header block, unfolded, names lowercased. */
function parseHeaders(raw: string): Map<string, string> {
  const end = raw.indexOf("\r\n\r\n");
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}
