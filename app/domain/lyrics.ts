// Lyrics and recording codes as musicians publish them (issue #33). Shared by
// the server (to check what the artist saved) and the browser (the player
// follows synced lyrics line by line).

export const LYRICS_MAX = 20_000;
export const SYNCED_LYRICS_MAX = 40_000;

export type SyncedLine = { atMs: number; text: string };

export const LYRICS_TEXT = {
  tooLong: `Lyrics can be at most ${LYRICS_MAX.toLocaleString("en")} characters.`,
  syncedTooLong: `Synced lyrics can be at most ${SYNCED_LYRICS_MAX.toLocaleString("en")} characters.`,
  noTime: (line: number) => `Line ${line}: a synced line starts with its time in square brackets, such as [01:23.45].`,
  badTime: (line: number) => `Line ${line}: the time is not one a song has (minutes, then seconds below 60).`,
  noLines: "Synced lyrics need at least one timed line, such as [00:12.00] First line.",
  isrc: "An ISRC is two letters, three letters or digits, then seven digits (GB-ABC-26-00012).",
} as const;

// [mm:ss], [mm:ss.x], [mm:ss.xx] or [mm:ss.xxx]; a line may carry several times (a repeated chorus).
const TIME_TAG = /^\[(\d{1,3}):(\d{2})(?:[.:](\d{1,3}))?\]/;
// [ar:Artist], [ti:Title], [offset:+200]…: LRC's header tags, kept in the text and not shown.
const ID_TAG = /^\[[a-z#]+:[^\]]*\]\s*$/i;

/**
 * LRC as lines in time order, or the first line that cannot be read. Blank
 * lines and header tags are allowed; every other line must begin with a time.
 */
export function parseSyncedLyrics(text: string): { ok: true; lines: SyncedLine[] } | { ok: false; error: string } {
  const lines: SyncedLine[] = [];
  for (const [index, raw] of text.replaceAll("\r\n", "\n").split("\n").entries()) {
    let rest = raw.trim();
    if (!rest || ID_TAG.test(rest)) continue;
    const times: number[] = [];
    for (let match = TIME_TAG.exec(rest); match; match = TIME_TAG.exec(rest)) {
      const [tag, minutes = "0", seconds = "0", fraction = ""] = match;
      if (Number(seconds) >= 60) return { ok: false, error: LYRICS_TEXT.badTime(index + 1) };
      times.push(Number(minutes) * 60_000 + Number(seconds) * 1000 + Math.round(Number(`0.${fraction || "0"}`) * 1000));
      rest = rest.slice(tag.length);
    }
    if (times.length === 0) return { ok: false, error: LYRICS_TEXT.noTime(index + 1) };
    for (const atMs of times) lines.push({ atMs, text: rest.trim() });
  }
  if (lines.length === 0) return { ok: false, error: LYRICS_TEXT.noLines };
  return { ok: true, lines: lines.sort((a, b) => a.atMs - b.atMs) };
}

/** The synced line being sung at `positionMs`: the last whose time has come, or -1 before the first. */
export function currentSyncedLine(lines: readonly SyncedLine[], positionMs: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((lines[middle]?.atMs ?? Infinity) <= positionMs) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** An ISRC typed with or without hyphens and spaces, as its twelve characters; null when it is not one. */
export function normalizeIsrc(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(compact) ? compact : null;
}

/** GB-ABC-26-00012: an ISRC as people write it. */
export const formatIsrc = (isrc: string): string =>
  isrc.length === 12 ? `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}` : isrc;
