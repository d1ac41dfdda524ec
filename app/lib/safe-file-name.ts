const MAX_NAME_LENGTH = 100;

/**
 * Turns a client-supplied file name into one safe to use as the last part of
 * a storage key: no path separators, no control characters, no leading dots,
 * ASCII only, bounded length, extension kept.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? "";
  const ascii = base
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[._-]+/, "")
    .replace(/_+/g, "_");
  if (ascii.length <= MAX_NAME_LENGTH) return ascii || "file";
  const dot = ascii.lastIndexOf(".");
  const ext = dot > 0 && ascii.length - dot <= 10 ? ascii.slice(dot) : "";
  return ascii.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
}
