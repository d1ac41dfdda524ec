import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { focalCrop, renderPhotoSocialImage } from "./social-image.server.ts";

describe("the share image from a photo", () => {
  it("crops around the focal point, as near the middle as the photo allows", () => {
    // A wide photo: scaled to 630 high, the crop slides sideways only.
    expect(focalCrop({ width: 2400, height: 1000 }, { x: 50, y: 50 })).toEqual({ resize: { width: 1512, height: 630 }, left: 156, top: 0 });
    expect(focalCrop({ width: 2400, height: 1000 }, { x: 0, y: 50 }).left).toBe(0);
    expect(focalCrop({ width: 2400, height: 1000 }, { x: 100, y: 50 }).left).toBe(312);
    // An upright photo: 1200 wide, the crop slides up and down to keep a face near the top in view.
    const upright = focalCrop({ width: 1000, height: 1500 }, { x: 50, y: 20 });
    expect(upright).toEqual({ resize: { width: 1200, height: 1800 }, left: 0, top: 45 });
  });

  it("is a 1200×630 JPEG with the name over the photo", async () => {
    const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#c60" } })
      .jpeg()
      .toBuffer();
    const image = await renderPhotoSocialImage({ photo, focalX: 50, focalY: 30, artistName: "Juniper <Vale>", tagline: "Songs & more" });
    const info = await sharp(image).metadata();
    expect([info.width, info.height, info.format]).toEqual([1200, 630, "jpeg"]);
  });
});
