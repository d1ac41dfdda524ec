import { z } from "zod";
import { headerSafe } from "./header-safe.ts";

/** Where mail goes out: any SMTP server (a provider's relay, a local MTA). */
export type SmtpConfig = {
  host: string;
  port: number;
  /** TLS from the first byte (smtps://, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
};

export type MailConfig = {
  smtp: SmtpConfig;
  /** The From of every mail: an address the provider lets us send as; without a name, the artist's name at the time. */
  from: { name: string | undefined; address: string };
  /** The most mails a process hands the server per second (the provider's limit). */
  perSecond: number;
};

const addressSchema = z.email({ error: "must be an e-mail address" }).max(254);

/**
 * SMTP_URL as `smtp://user:pass@host:587` or `smtps://user:pass@host:465`;
 * the user name and password percent-encoded when they hold `@`, `:` or `/`.
 * `ok` as a Result's, but not a Result: a setting read at start has no HTTP
 * status (so too MAIL_FROM's, below).
 */
export function parseSmtpUrl(raw: string): { ok: true; smtp: SmtpConfig } | { ok: false; error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, error: "must be a URL like smtp://user:password@smtp.example.com:587" };
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    return { ok: false, error: "must start with smtp:// (STARTTLS, port 587) or smtps:// (TLS, port 465)" };
  }
  if (!url.hostname) return { ok: false, error: "names no server" };
  if ((url.pathname && url.pathname !== "/") || url.search || url.hash) {
    return { ok: false, error: "must be only smtp(s)://user:password@host:port, with no path or query" };
  }
  let user: string;
  let pass: string;
  try {
    user = decodeURIComponent(url.username);
    pass = decodeURIComponent(url.password);
  } catch {
    return { ok: false, error: "has a user name or password that is not valid percent-encoding" };
  }
  if (!headerSafe(user) || !headerSafe(pass)) return { ok: false, error: "has a control character in the user name or password" };
  if (!user !== !pass) return { ok: false, error: "needs both a user name and a password, or neither" };
  const secure = url.protocol === "smtps:";
  return {
    ok: true,
    smtp: {
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: user ? { user, pass } : undefined,
    },
  };
}

/** MAIL_FROM as `Juniper Vale <news@example.com>` or a bare address (then the artist's name is used). */
export function parseMailFrom(raw: string): { ok: true; name: string | undefined; address: string } | { ok: false; error: string } {
  if (!headerSafe(raw)) return { ok: false, error: "must be one line" };
  const named = /^\s*(?:"([^"]*)"|([^<>"]*?))\s*<([^<>\s]+)>\s*$/.exec(raw);
  const name = named ? (named[1] ?? named[2] ?? "").trim() : undefined;
  const address = (named ? named[3] : raw.trim()) ?? "";
  if (!addressSchema.safeParse(address).success) {
    return { ok: false, error: 'must be an address, or a name and an address: "Juniper Vale <news@example.com>"' };
  }
  return { ok: true, name: name || undefined, address: address.toLowerCase() };
}
