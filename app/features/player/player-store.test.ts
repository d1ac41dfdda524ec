import { describe, expect, it } from "vitest";
import { pageStepSeconds, seekKeyTarget, streamUrl } from "./player-store.ts";

describe("seekKeyTarget", () => {
  it("moves SPEC's 5 s jump step with the arrow keys, both ways on both axes", () => {
    expect(seekKeyTarget("ArrowRight", 60, 225)).toBe(65);
    expect(seekKeyTarget("ArrowUp", 60, 225)).toBe(65);
    expect(seekKeyTarget("ArrowLeft", 60, 225)).toBe(55);
    expect(seekKeyTarget("ArrowDown", 60, 225)).toBe(55);
  });

  it("moves a tenth of the song with Page Up/Down, never less than 10 s", () => {
    expect(pageStepSeconds(225)).toBe(22.5);
    expect(pageStepSeconds(24)).toBe(10);
    expect(pageStepSeconds(0)).toBe(10);
    expect(seekKeyTarget("PageUp", 60, 225)).toBe(82.5);
    expect(seekKeyTarget("PageDown", 60, 225)).toBe(37.5);
  });

  it("goes to the start and the end with Home and End", () => {
    expect(seekKeyTarget("Home", 60, 225)).toBe(0);
    expect(seekKeyTarget("End", 60, 225)).toBe(225);
  });

  it("stays inside the song", () => {
    expect(seekKeyTarget("ArrowLeft", 2, 225)).toBe(0);
    expect(seekKeyTarget("ArrowRight", 223, 225)).toBe(225);
    expect(seekKeyTarget("PageUp", 20, 24)).toBe(24);
    expect(seekKeyTarget("ArrowRight", 0, 0)).toBe(0);
  });

  it("leaves every other key to the browser", () => {
    for (const key of ["Tab", "Enter", " ", "a", "constructor", "toString"]) expect(seekKeyTarget(key, 60, 225)).toBeNull();
  });
});

describe("streamUrl", () => {
  const song = { audioUrl: "/media/music/1_a.wav.stream.mp3", opusUrl: "/media/music/1_a.wav.stream.weba" };
  it("plays Opus where the browser says it can, probably or maybe", () => {
    expect(streamUrl(song, () => "probably")).toBe(song.opusUrl);
    expect(streamUrl(song, (type) => (type === 'audio/webm; codecs="opus"' ? "maybe" : ""))).toBe(song.opusUrl);
  });
  it("plays the fallback where it cannot, and for a song whose renditions are not made", () => {
    expect(streamUrl(song, () => "")).toBe(song.audioUrl);
    expect(streamUrl({ audioUrl: "/media/music/1_a.wav", opusUrl: null }, () => "probably")).toBe("/media/music/1_a.wav");
  });
});
