import { describe, expect, it } from "vitest";
import { creditLines, CREDITS_MAX, parseCreditLines, storedCredits } from "./credits.ts";

describe("credits typed one to a line", () => {
  it("reads role and names, skipping blank lines, keeping the order and colons in names", () => {
    expect(parseCreditLines("Written by: Juniper Vale\r\n\r\n  Produced   by :Sam  Okafor \nRecorded at: Studio 2: Oban")).toEqual({
      ok: true,
      credits: [
        { role: "Written by", name: "Juniper Vale" },
        { role: "Produced by", name: "Sam Okafor" },
        { role: "Recorded at", name: "Studio 2: Oban" },
      ],
    });
    expect(parseCreditLines("   \n")).toEqual({ ok: true, credits: [] });
  });

  it("names the line that cannot be read, and why", () => {
    expect(parseCreditLines("Written by: A\nProduced by Sam")).toEqual({
      ok: false,
      error: "Line 2: write the role, a colon, then the names (Produced by: Sam Okafor).",
    });
    expect(parseCreditLines(": Sam")).toMatchObject({ ok: false, error: "Line 1: the role before the colon is missing." });
    expect(parseCreditLines("Mixed by:   ")).toMatchObject({ ok: false, error: "Line 1: the names after the colon are missing." });
    expect(parseCreditLines(`${"r".repeat(61)}: x`)).toMatchObject({ ok: false, error: expect.stringContaining("at most 60") });
    expect(parseCreditLines(Array.from({ length: CREDITS_MAX + 1 }, (_, i) => `Role ${i}: Name`).join("\n"))).toMatchObject({ ok: false });
  });

  it("shows stored credits as they were typed, and shows unreadable storage as none", () => {
    const credits = [
      { role: "Written by", name: "Juniper Vale" },
      { role: "Featuring", name: "Lila Moss" },
    ];
    expect(creditLines(credits)).toBe("Written by: Juniper Vale\nFeaturing: Lila Moss");
    expect(parseCreditLines(creditLines(credits))).toEqual({ ok: true, credits });
    expect(storedCredits(JSON.stringify(credits))).toEqual(credits);
    expect(storedCredits("not json")).toEqual([]);
    expect(storedCredits('{"role":"x"}')).toEqual([]);
    expect(storedCredits('[{"role":"x","name":1},{"role":"Mixed by","name":"Ana"}]')).toEqual([{ role: "Mixed by", name: "Ana" }]);
  });
});
