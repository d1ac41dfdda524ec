import { describe, expect, it } from "vitest";
import rawConfig from "#site-config";
import { parseSiteConfig, siteSectionSchemas, supportOffered } from "./site-config-schema.ts";

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
      social: [
        { platform: "spotify", url: "javascript:alert(1)" },
        { platform: "myspace", url: "https://myspace.com/" },
        { platform: "email", url: "mailto:not-an-address" },
      ],
    };
    expect(() => parseSiteConfig(broken)).toThrow(/artist\.slug: must be lowercase/);
    expect(() => parseSiteConfig(broken)).toThrow(/bio\.influences: List exactly four influences/);
    expect(() => parseSiteConfig(broken)).toThrow(/social\.0\.url: Must be a web address/);
    expect(() => parseSiteConfig(broken)).toThrow(/social\.1\.platform: Choose a platform/);
    expect(() => parseSiteConfig(broken)).toThrow(/social\.2\.url: Must be an e-mail address/);
  });
});

describe("site sections", () => {
  it("parse their own output to the same value, so stored values read back unchanged", async () => {
    const { settingsFromConfig, siteSectionSchemas } = await import("./site-config-schema.ts");
    const settings = settingsFromConfig(parseSiteConfig(rawConfig));
    for (const [section, schema] of Object.entries(siteSectionSchemas)) {
      const value = settings[section as keyof typeof settings];
      expect(schema.parse(JSON.parse(JSON.stringify(value))), section).toEqual(value);
    }
  });

  it("keep e-mail links as mailto: and any YouTube address as its id", async () => {
    const { siteSectionSchemas } = await import("./site-config-schema.ts");
    expect(siteSectionSchemas.social.parse({ links: [{ platform: "email", url: "hello@example.com" }] }).links[0]?.url).toBe(
      "mailto:hello@example.com",
    );
    const video = siteSectionSchemas.liveVideo.parse({ youtubeId: "https://youtu.be/aqz-KE-bpKQ", startSeconds: "1:23", title: "Live" });
    expect(video).toEqual({ youtubeId: "aqz-KE-bpKQ", startSeconds: 83, title: "Live" });
    // A time in the pasted address sets the start, over what the start field still said.
    const timed = siteSectionSchemas.liveVideo.parse({
      youtubeId: "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=73s",
      startSeconds: "0:42",
      title: "Live",
    });
    expect(timed).toEqual({ youtubeId: "aqz-KE-bpKQ", startSeconds: 73, title: "Live" });
  });
});

describe("web addresses as people paste them", () => {
  it("take the https:// they left out, and still refuse what is no address", async () => {
    const { siteSectionSchemas } = await import("./site-config-schema.ts");
    const link = (url: string) => siteSectionSchemas.social.safeParse({ links: [{ platform: "instagram", url }] });
    expect(link("instagram.com/juniper").data?.links[0]?.url).toBe("https://instagram.com/juniper");
    expect(link("www.instagram.com/juniper").data?.links[0]?.url).toBe("https://www.instagram.com/juniper");
    expect(link("  name.bandcamp.com  ").data?.links[0]?.url).toBe("https://name.bandcamp.com");
    expect(link("//juniper.example/music").data?.links[0]?.url).toBe("https://juniper.example/music");
    expect(link("http://juniper.example/").data?.links[0]?.url).toBe("http://juniper.example/");
    for (const bad of ["juniper", "not an address", "javascript:alert(1)", "ftp://files.example/", "instagram dot com"]) {
      expect(link(bad).success, bad).toBe(false);
    }
  });
});

describe("the support part", () => {
  const support = siteSectionSchemas.support;

  it("starts empty on a new site, offering nothing", () => {
    const config = parseSiteConfig(rawConfig);
    expect(config.support).toEqual({ heading: "", text: "", links: [], bankTransfer: "" });
    expect(supportOffered(config.support)).toBe(false);
  });

  it("keeps links as https addresses, the scheme added where it was left out, and offers them", () => {
    const parsed = support.parse({ links: [{ label: " Ko-fi ", url: "ko-fi.com/juniper" }] });
    expect(parsed.links).toEqual([{ label: "Ko-fi", url: "https://ko-fi.com/juniper" }]);
    expect(supportOffered(parsed)).toBe(true);
    expect(supportOffered(support.parse({ bankTransfer: "IBAN GB33 BUKB 2020 1555 5555 55" }))).toBe(true);
  });

  it("refuses a link without a name, a script or a page that is not on the web, and more than six links", () => {
    const issues = (input: unknown) =>
      support.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
    expect(issues({ links: [{ label: "", url: "https://ko-fi.com/x" }] })).toEqual(["links.0.label: Required."]);
    expect(issues({ links: [{ label: "Tip", url: "javascript:alert(1)" }] })[0]).toMatch(/^links\.0\.url: Must be a web address/);
    expect(issues({ links: [{ label: "Tip", url: "ftp://example.com/" }] })[0]).toMatch(/^links\.0\.url: Must be a web address/);
    expect(issues({ links: Array.from({ length: 7 }, () => ({ label: "Tip", url: "https://ko-fi.com/x" })) })).toEqual([
      "links: At most 6 links.",
    ]);
  });

  it("reads its own output as it is", () => {
    const once = support.parse({ heading: "Tip jar", links: [{ label: "PayPal", url: "paypal.me/juniper" }], bankTransfer: "IBAN" });
    expect(support.parse(once)).toEqual(once);
  });
});
