// A track's waveform as pages carry it (issue #34): the peaks measured once in
// the background (app/lib/audio/analyse-audio.server.ts), brought down to a
// bar per character, so a page names a song's shape in a hundred bytes.

/** Bars the seek bar draws: enough for a phone's width and a desktop player's. */
export const WAVEFORM_BARS = 100;
const LEVELS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const TOP = LEVELS.length - 1;

/** Peaks (0 to 1, any count) as WAVEFORM_BARS characters, each the loudest peak of its share of the song. */
export function encodeWaveform(peaks: readonly number[]): string {
  if (peaks.length === 0) return "";
  let text = "";
  for (let bar = 0; bar < WAVEFORM_BARS; bar++) {
    const from = Math.floor((bar * peaks.length) / WAVEFORM_BARS);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * peaks.length) / WAVEFORM_BARS));
    let loudest = 0;
    for (let i = from; i < to && i < peaks.length; i++) loudest = Math.max(loudest, peaks[i] ?? 0);
    text += LEVELS[Math.round(Math.min(1, Math.max(0, loudest)) * TOP)];
  }
  return text;
}

/** The bars' heights, 0 to 1; characters that are not levels read as silence. */
export function decodeWaveform(text: string): number[] {
  return Array.from(text, (char) => Math.max(0, LEVELS.indexOf(char)) / TOP);
}
