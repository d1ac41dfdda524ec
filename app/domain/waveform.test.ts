import { describe, expect, it } from "vitest";
import { WAVEFORM_BARS, decodeWaveform, encodeWaveform } from "./waveform.ts";

describe("waveform", () => {
  it("keeps the loudest peak of each share of the song, in a character a bar", () => {
    const peaks = Array.from({ length: 400 }, (_, i) => (i === 401 ? 1 : i / 399));
    const text = encodeWaveform(peaks);
    expect(text).toHaveLength(WAVEFORM_BARS);
    const bars = decodeWaveform(text);
    expect(bars[0]).toBeCloseTo(3 / 399, 1);
    expect(bars.at(-1)).toBe(1);
    for (let i = 1; i < bars.length; i++) expect(bars[i]).toBeGreaterThanOrEqual(bars[i - 1] ?? 0);
  });
  it("shows a short burst in a long silence, and nothing for no peaks", () => {
    const peaks = new Array<number>(400).fill(0);
    peaks[217] = 0.8;
    const bars = decodeWaveform(encodeWaveform(peaks));
    expect(bars.filter((bar) => bar > 0)).toHaveLength(1);
    expect(bars[54]).toBeCloseTo(0.8, 1);
    expect(encodeWaveform([])).toBe("");
    expect(decodeWaveform("??")).toEqual([0, 0]);
  });
});
