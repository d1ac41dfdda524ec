/** Reads the title tag of a chosen audio file in the browser, when it has one. */
export async function titleFromTags(file: File): Promise<string | null> {
  try {
    const { parseBlob } = await import("music-metadata");
    const metadata = await parseBlob(file, { skipCovers: true, duration: false });
    return metadata.common.title?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * "03 - Night_Ferry (final).wav" → "Night Ferry (final)": a title from a file's
 * name, for a file without a title tag. A track number in front goes when it
 * is set off ("3. ", "03 - ") or zero-padded ("03 "); "99 Problems" keeps its.
 */
export function titleFromFileName(name: string): string {
  const title = name
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(/_+/g, " ")
    .replace(/^\s*(?:\d{1,3}\s*[-.)]\s*|0\d\s+)/, "")
    .replace(/\s+/g, " ")
    .trim();
  return title || name;
}
