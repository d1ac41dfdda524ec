const MAX_NAME_LENGTH = 100;
const MAX_EXTENSION_LENGTH = 10;

const toAscii = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/_+/g, "_");

/**
 * Turns a client-supplied file name into one safe to use as the last part of
 * a storage key: no path separators, no control characters, no leading dots,
 * ASCII only, bounded length, never ending like a variant's name. The extension is kept apart from the name, so a
 * name with nothing ASCII in it ("歌.mp3") still ends in its extension.
 */
export function safeFileName(original: string): string {
  const base = original.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot + 1)] : [base, ""];
  const safeExtension = toAscii(extension)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, MAX_EXTENSION_LENGTH);
  const suffix = safeExtension ? `.${safeExtension}` : "";
  // ".w480" is how a variant's key ends (derived-keys.ts): an upload named like one ("IMG.w480.jpg")
  // must not pass for a variant, which is served where an original is not (issue #30).
  const safeStem =
    toAscii(stem)
      .replace(/^[._-]+/, "")
      .replace(/\.(w\d+)(?=\.|$)/gi, "-$1") || "file";
  return safeStem.slice(0, MAX_NAME_LENGTH - suffix.length) + suffix;
}
