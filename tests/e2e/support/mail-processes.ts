// Two more app processes (A and B) sending mail to the e2e SMTP sink, as two
// servers behind one load balancer would: the mail and release suites share them.
import { E2E_EXTRA_PORTS, E2E_SMTP_PORT } from "./server-env.ts";

export const MAIL_PORTS = { A: E2E_EXTRA_PORTS.mailA, B: E2E_EXTRA_PORTS.mailB } as const;

/** The address a process on `port` calls itself by (its PUBLIC_URL), as links in its mail show. */
export const origin = (port: number) => `http://localhost:${port}`;

/** The settings of a process on `port` that sends mail to the sink, quickly. */
export const mailEnv = (port: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  MAIL_FROM: "Juniper Vale <news@juniper.example>",
  MAIL_PER_SECOND: "100",
  PUBLIC_URL: origin(port),
});

/** A mail body's quoted-printable soft breaks and escapes undone, enough to read a link out of it. */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
