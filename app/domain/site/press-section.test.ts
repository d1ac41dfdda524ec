import { describe, expect, it } from "vitest";
import rawConfig from "#site-config";
import { parseSiteConfig, pressWordsWritten, settingsFromConfig, siteSectionSchemas } from "./site-config-schema.ts";

const press = siteSectionSchemas.press;
const messages = (input: unknown) => {
  const parsed = press.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the press kit's words", () => {
  it("start empty on a new site, so there is no press kit until the artist writes one", () => {
    const settings = settingsFromConfig(parseSiteConfig(rawConfig));
    expect(settings.press).toEqual({
      shortBio: "",
      longBio: "",
      quotes: [],
      contacts: { booking: { name: "", email: "" }, press: { name: "", email: "" }, management: { name: "", email: "" } },
      releaseIds: [],
    });
    expect(pressWordsWritten(settings.press)).toBe(false);
  });

  it("keep what the artist wrote, trimmed, with addresses completed, and read back unchanged", () => {
    const value = press.parse({
      shortBio: "  Juniper Vale writes songs for the long way home.  ",
      quotes: [
        { text: " A voice to stop traffic. ", source: "The Harbour Gazette", url: "harbourgazette.example/juniper" },
        { text: "Quietly huge.", source: "Jane Doe, Radio North" },
      ],
      contacts: { booking: { name: "Tide Agency", email: " Bookings@Tide.example " }, press: { name: "", email: "press@juniper.example" } },
      releaseIds: ["r1", "r2"],
    });
    expect(value.shortBio).toBe("Juniper Vale writes songs for the long way home.");
    expect(value.quotes).toEqual([
      { text: "A voice to stop traffic.", source: "The Harbour Gazette", url: "https://harbourgazette.example/juniper" },
      { text: "Quietly huge.", source: "Jane Doe, Radio North", url: "" },
    ]);
    expect(value.contacts.booking).toEqual({ name: "Tide Agency", email: "Bookings@Tide.example" });
    expect(value.contacts.management).toEqual({ name: "", email: "" });
    expect(press.parse(JSON.parse(JSON.stringify(value)))).toEqual(value);
    expect(pressWordsWritten(value)).toBe(true);
    // A contact alone makes a press kit; so does a quote, or either bio.
    expect(pressWordsWritten(press.parse({ contacts: { press: { email: "press@juniper.example" } } }))).toBe(true);
    expect(pressWordsWritten(press.parse({ longBio: "The story." }))).toBe(true);
  });

  it("refuse each bad field with words the artist can act on", () => {
    expect(messages({ quotes: [{ text: "", source: "" }] })).toEqual(["quotes.0.text: Required.", "quotes.0.source: Required."]);
    expect(messages({ quotes: [{ text: "Great", source: "Blog", url: "javascript:alert(1)" }] })).toEqual([
      "quotes.0.url: Must be a web address starting with https://",
    ]);
    expect(messages({ contacts: { booking: { name: "Tide Agency", email: "" } } })).toEqual([
      "contacts.booking.email: Give an e-mail address for this contact.",
    ]);
    expect(messages({ contacts: { press: { email: "not an address" } } })).toEqual([
      "contacts.press.email: Must be an e-mail address, like name@example.com.",
    ]);
    expect(messages({ shortBio: "x".repeat(1201) })).toEqual(["shortBio: At most 1200 characters."]);
    expect(messages({ quotes: Array.from({ length: 13 }, () => ({ text: "Good", source: "Blog" })) })).toEqual([
      "quotes: At most 12 quotes.",
    ]);
    expect(messages({ releaseIds: ["r1", "r1"] })).toEqual(["releaseIds: Choose each release once."]);
    expect(messages({ releaseIds: ["a", "b", "c", "d", "e"] })).toEqual(["releaseIds: Choose at most 4 releases."]);
  });
});
