// The song form's rules that the browser checks as the admin types and the
// server's zod schema (schema.ts) enforces; kept free of zod so the dashboard's
// script does not carry it.

/** A streaming link is optional; given, it must be a whole http(s) address. */
export const STREAMING_LINK_MAX = 2048;
export const INVALID_LINK = "Streaming links must be http(s) URLs";
const LINK_PATTERN = /^https?:\/\/[^\s]+$/i;

export function isStreamingLink(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === "" || (trimmed.length <= STREAMING_LINK_MAX && LINK_PATTERN.test(trimmed));
}

export const TITLE_MAX = 200;
