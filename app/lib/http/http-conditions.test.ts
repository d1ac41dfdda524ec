import { describe, expect, it } from "vitest";
import { parseByteRange, parseHttpDate } from "./http-conditions.ts";

describe("parseByteRange", () => {
  it.each([
    ["bytes=0-1", 100, { start: 0, end: 1 }],
    ["bytes=90-", 100, { start: 90, end: 99 }],
    ["bytes=-10", 100, { start: 90, end: 99 }],
    ["bytes=-500", 100, { start: 0, end: 99 }],
    ["bytes=95-500", 100, { start: 95, end: 99 }],
    ["bytes=0-9,5-19", 100, { start: 0, end: 19 }],
    ["bytes=0-1, 200-300", 100, { start: 0, end: 1 }],
    ["bytes=100-", 100, "unsatisfiable"],
    ["bytes=-0", 100, "unsatisfiable"],
    ["bytes=0-", 0, "unsatisfiable"],
    ["bytes=0-1,50-60", 100, null],
    ["bytes=5-2", 100, null],
    ["bytes=-", 100, null],
    ["bytes=a-b", 100, null],
    ["items=0-1", 100, null],
    ["bytes=0-1,,", 100, { start: 0, end: 1 }],
    ["bytes=,0-1", 100, { start: 0, end: 1 }],
    ["bytes=\u00a00-1", 100, null],
    ["bytes=-5", 0, null],
    ["bytes=9007199254740993-9007199254740992", 100, null],
  ] as const)("%s of %i bytes", (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

describe("parseHttpDate", () => {
  const instant = Date.UTC(1994, 10, 6, 8, 49, 37);
  it.each([
    ["Sun, 06 Nov 1994 08:49:37 GMT", instant],
    ["Sunday, 06-Nov-94 08:49:37 GMT", instant],
    ["Sun Nov  6 08:49:37 1994", instant],
    [" Sun, 06 Nov 1994 08:49:37 GMT\t", instant],
    ["Thu, 01 Jan 0099 00:00:00 GMT", new Date("0099-01-01T00:00:00Z").getTime()],
    ["sun, 06 nov 1994 08:49:37 gmt", null],
    ["Sun, 31 Feb 1994 08:49:37 GMT", null],
    ["Sun, 06 Nov 1994 24:00:00 GMT", null],
    ["Sun, 06 Nov 1994 08:49:37 UTC", null],
    ["1", null],
    ["2024-01-01", null],
    ["yesterday", null],
    ["", null],
  ] as const)("%j", (value, expected) => {
    expect(parseHttpDate(value)).toBe(expected);
  });
});
