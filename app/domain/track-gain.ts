// Loudness normalisation (issue #34): the gain that brings a track, or a
// release played in order, toward a common loudness without clipping. Shared
// by the server (which works it out from the measures) and the player.

/** Near what streaming services play at (EBU R128 / ITU-R BS.1770 integrated loudness). */
const TARGET_LUFS = -14;
/** The highest a true peak may reach after the gain: a decibel under full scale leaves room for lossy decoding. */
const PEAK_CEILING_DBTP = -1;

/** A track's gains in dB: its own, and its release's (one gain for every track, so their levels stay as mastered). */
export type TrackGain = { track: number; album: number };

/** The gain toward TARGET_LUFS that keeps the true peak under the ceiling; null without a loudness (silence, not measured). */
export function gainToward(loudnessLufs: number | null, truePeakDb: number | null): number | null {
  if (loudnessLufs === null || !Number.isFinite(loudnessLufs)) return null;
  const toTarget = TARGET_LUFS - loudnessLufs;
  const headroom = truePeakDb === null || !Number.isFinite(truePeakDb) ? toTarget : PEAK_CEILING_DBTP - truePeakDb;
  return Math.round(Math.min(toTarget, headroom) * 10) / 10;
}

/**
 * What the player does to a track's level: the gain of its release when the
 * queue is one release played in order (album gain), else its own; none when
 * the fan turned it off. Only ever down: a page's <audio> can lower its
 * volume but not raise it (decision 026), so a quiet track plays as mastered.
 */
export function volumeFactor(gain: TrackGain | null | undefined, wholeRelease: boolean, on: boolean): number {
  if (!on || !gain) return 1;
  const db = wholeRelease ? gain.album : gain.track;
  return Math.min(1, 10 ** (Math.min(0, db) / 20));
}
