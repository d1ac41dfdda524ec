import { describe, expect, it } from "vitest";
import { toastsReducer, type Toast } from "./toast-reducer.ts";

const add = (toasts: Toast[], id: string, duration?: number) =>
  toastsReducer(toasts, { kind: "add", toast: { id, message: id, type: "info", timestamp: 1, duration } });

describe("toasts", () => {
  it("defaults to 4000 ms and keeps the given duration", () => {
    const toasts = add(add([], "a"), "b", 0);
    expect(toasts.map((a) => [a.id, a.duration, a.leaving])).toEqual([
      ["a", 4000, false],
      ["b", 0, false],
    ]);
  });

  it("marks one as leaving, then removes it singly or all at once", () => {
    let toasts = add(add(add([], "a"), "b"), "c");
    toasts = toastsReducer(toasts, { kind: "leave", id: "b" });
    expect(toasts.find((a) => a.id === "b")?.leaving).toBe(true);
    toasts = toastsReducer(toasts, { kind: "remove", id: "b" });
    expect(toasts.map((a) => a.id)).toEqual(["a", "c"]);
    expect(toastsReducer(toasts, { kind: "clear" })).toEqual([]);
  });

  it("the same words again replace the earlier toast rather than stacking a copy; other words stack", () => {
    let toasts = add(add([], "a"), "b");
    toasts = toastsReducer(toasts, { kind: "add", toast: { id: "a2", message: "a", type: "info", timestamp: 2 } });
    expect(toasts.map((a) => [a.id, a.message])).toEqual([
      ["b", "b"],
      ["a2", "a"],
    ]);
    // The same words as another kind of toast are another message.
    toasts = toastsReducer(toasts, { kind: "add", toast: { id: "a3", message: "a", type: "error", timestamp: 3 } });
    expect(toasts.map((a) => a.id)).toEqual(["b", "a2", "a3"]);
  });
});
