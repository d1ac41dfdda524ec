import { describe, expect, it } from "vitest";
import { marksSprite } from "./social-marks.server.ts";
import { hasMark, marksAddress, SOCIAL_PLATFORM_IDS } from "./social-platforms.ts";

describe("social marks", () => {
  it("has a drawing for every platform that shows a mark, and ships none for LinkedIn or Amazon Music", () => {
    const sprite = marksSprite(SOCIAL_PLATFORM_IDS);
    for (const id of SOCIAL_PLATFORM_IDS) {
      expect(sprite.includes(`<symbol id="${id}"`), id).toBe(hasMark(id));
    }
    expect(hasMark("linkedin")).toBe(false);
    expect(hasMark("amazon-music")).toBe(false);
  });

  it("names a page's marks in one order, once each, so pages showing the same marks share one file", () => {
    expect(marksAddress(["youtube", "linkedin", "spotify", "youtube"])).toBe("/social-marks.svg?p=spotify,youtube");
    expect(marksAddress(["spotify", "youtube"])).toBe(marksAddress(["youtube", "spotify"]));
    expect(marksAddress()).toBe("/social-marks.svg");
  });
});
