import { describe, expect, it } from "vitest";
import rawConfig from "#site-config";
import { parseSiteConfig } from "./site-config-schema.ts";

describe("site.config.ts validation", () => {
  it("accepts the shipped demo artist and fills default genres", () => {
    const config = parseSiteConfig(rawConfig);
    expect(config.artist.slug).toMatch(/^[a-z0-9-]+$/);
    expect(config.bio.influences).toHaveLength(4);
    const { genres: _genres, ...artistWithoutGenres } = rawConfig.artist;
    expect(parseSiteConfig({ ...rawConfig, artist: artistWithoutGenres }).artist.genres).toEqual(["Pop", "R&B", "Folk"]);
  });

  it("stops with a message naming each bad field", () => {
    const broken = {
      ...rawConfig,
      artist: { ...rawConfig.artist, slug: "Not A Slug" },
      bio: { ...rawConfig.bio, influences: rawConfig.bio.influences.slice(0, 3) },
      social: [{ kind: "audio-streaming", label: "Spotify", url: "javascript:alert(1)" }],
    };
    expect(() => parseSiteConfig(broken)).toThrow(/artist\.slug: must be lowercase/);
    expect(() => parseSiteConfig(broken)).toThrow(/bio\.influences: must list exactly four influences/);
    expect(() => parseSiteConfig(broken)).toThrow(/social\.0\.url: must be an http\(s\) URL/);
  });
});
