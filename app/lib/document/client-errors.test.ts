import { describe, expect, it, vi } from "vitest";
import { TOAST_EVENT, isChunkLoadError, isIgnorableRejection, reloadOnce, RELOAD_MESSAGE } from "./client-errors.ts";

function fakeWindow() {
  const store = new Map<string, string>();
  const events: Event[] = [];
  const win = {
    addEventListener: vi.fn(),
    dispatchEvent: (event: Event) => {
      events.push(event);
      return true;
    },
    setTimeout: (fn: () => void) => {
      fn();
      return 0;
    },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { reload: vi.fn() },
  };
  return { win: win as unknown as Parameters<typeof reloadOnce>[0] & typeof win, events };
}

describe("chunk-load failures", () => {
  it("recognises the browsers' messages for a missing script chunk", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError("error loading dynamically imported module")).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("reloads once, announcing it, and never again in the same session", () => {
    const { win, events } = fakeWindow();
    expect(reloadOnce(win)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe(TOAST_EVENT);
    expect((events[0] as CustomEvent).detail).toEqual({ message: RELOAD_MESSAGE, type: "info" });
    expect(reloadOnce(win)).toBe(false);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });
});

describe("unhandled rejections", () => {
  it("swallows analytics, permission, network and generic type errors", () => {
    expect(isIgnorableRejection(new Error("gtag is blocked"))).toBe(true);
    expect(isIgnorableRejection(new DOMException("play() failed", "NotAllowedError"))).toBe(true);
    expect(isIgnorableRejection(new TypeError("Failed to fetch"))).toBe(true);
    expect(isIgnorableRejection(new TypeError("Load failed"))).toBe(true);
  });

  it("keeps real bugs and chunk failures visible", () => {
    expect(isIgnorableRejection(new TypeError("x is not a function"))).toBe(false);
    expect(isIgnorableRejection(new Error("Song ID is required"))).toBe(false);
    expect(isIgnorableRejection(new TypeError("Failed to fetch dynamically imported module: /a.js"))).toBe(false);
  });
});
