import { describe, expect, it } from "vitest";
import { resolvedWithin } from "./resolved-within.ts";

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("resolvedWithin", () => {
  it("gives the value itself when the promise fulfils in time", async () => {
    expect(await resolvedWithin(after(1, ["a"]), 200)).toEqual({ value: ["a"] });
  });

  it("gives the pending promise when it is late, and does not wait for it", async () => {
    const slow = after(300, ["late"]);
    const started = performance.now();
    const { value } = await resolvedWithin(slow, 20);
    expect(performance.now() - started).toBeLessThan(250);
    expect(value).toBe(slow);
    expect(await value).toEqual(["late"]);
  });

  it("gives a rejected promise back as it is, for the page's failure state", async () => {
    const failing = Promise.reject(new Error("Failed to load songs"));
    const { value } = await resolvedWithin(failing, 200);
    expect(value).toBe(failing);
    await expect(value).rejects.toThrow("Failed to load songs");
  });
});
