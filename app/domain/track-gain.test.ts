import { describe, expect, it } from "vitest";
import { gainToward, volumeFactor } from "./track-gain.ts";

describe("gainToward", () => {
  it("brings a loud master down to −14 LUFS, and a quiet one up as far as its peak allows", () => {
    expect(gainToward(-8, -0.2)).toBe(-6);
    expect(gainToward(-20, -10)).toBe(6);
    // Up 6 dB would clip a peak at −3 dBTP: up only to −1 dBTP.
    expect(gainToward(-20, -3)).toBe(2);
    expect(gainToward(-14, -1)).toBe(0);
  });
  it("gives nothing to go by for silence or a track not measured", () => {
    expect(gainToward(null, null)).toBeNull();
    expect(gainToward(Number.NEGATIVE_INFINITY, -70)).toBeNull();
  });
});

describe("volumeFactor", () => {
  const gain = { track: -6, album: -3 };
  it("lowers by the track's gain, or by the release's when a release plays in order", () => {
    expect(volumeFactor(gain, false, true)).toBeCloseTo(0.501, 3);
    expect(volumeFactor(gain, true, true)).toBeCloseTo(0.708, 3);
  });
  it("never raises the volume, and does nothing when the fan turned it off or nothing is measured", () => {
    expect(volumeFactor({ track: 4, album: 4 }, false, true)).toBe(1);
    expect(volumeFactor(gain, false, false)).toBe(1);
    expect(volumeFactor(null, false, true)).toBe(1);
  });
});
