import { describe, expect, it } from "vitest";
import { addDrafts, withoutDraft } from "./press-drafts.ts";

const photo = (name: string) => new File(["x"], name, { type: "image/jpeg" });
const names = (drafts: { file: File }[]) => drafts.map((draft) => draft.file.name);

describe("press photos chosen for upload", () => {
  it("are added in the order chosen, after those already waiting", () => {
    const first = addDrafts([], [photo("a.jpg")], 10);
    expect(names(addDrafts(first, [photo("b.jpg"), photo("c.jpg")], 9))).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
  });

  it("never go past the room the gallery has left", () => {
    const chosen = ["a", "b", "c", "d"].map((name) => photo(`${name}.jpg`));
    expect(names(addDrafts([], chosen, 2))).toEqual(["a.jpg", "b.jpg"]);
    expect(addDrafts([], chosen, 0)).toEqual([]);
    expect(addDrafts([], chosen, -3)).toEqual([]);
  });

  it("each keep their own id, so cancelling one leaves the others and what was typed in them", () => {
    const drafts = addDrafts([], [photo("same.jpg"), photo("same.jpg"), photo("other.jpg")], 10);
    expect(new Set(drafts.map((draft) => draft.id)).size).toBe(3);
    const [, second] = drafts;
    if (!second) throw new Error("expected three drafts");
    expect(withoutDraft(drafts, second.id)).toEqual([drafts[0], drafts[2]]);
  });
});
