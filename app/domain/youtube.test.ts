import { describe, expect, it } from "vitest";
import { formatVideoStart, parseVideoStart, parseYouTubeId, parseYouTubeStart } from "./youtube.ts";

describe("parseYouTubeId", () => {
  it.each([
    ["aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/watch?feature=share&v=aqz-KE-bpKQ&t=42", "aqz-KE-bpKQ"],
    ["youtube.com/watch?v=aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://m.youtube.com/watch?v=aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://youtu.be/aqz-KE-bpKQ?si=abc", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/embed/aqz-KE-bpKQ?start=3", "aqz-KE-bpKQ"],
    ["https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/live/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["  https://youtu.be/aqz-KE-bpKQ  ", "aqz-KE-bpKQ"],
  ])("reads %s", (input, id) => expect(parseYouTubeId(input)).toBe(id));

  it.each([
    "",
    "not a video",
    "aqz-KE-bpK",
    "https://vimeo.com/123456789",
    "https://evil.example/watch?v=aqz-KE-bpKQ",
    "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    "javascript:alert(1)//youtu.be/aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=<script>",
    "https://www.youtube.com/@juniper",
  ])("refuses %s", (input) => expect(parseYouTubeId(input)).toBeNull());
});

describe("parseVideoStart", () => {
  it.each([
    ["1:23", 83],
    ["0:05", 5],
    ["1:02:03", 3723],
    ["83", 83],
    ["83s", 83],
    ["", 0],
    [42, 42],
  ] as const)("reads %s", (input, seconds) => expect(parseVideoStart(input)).toBe(seconds));

  it.each(["1:60", "abc", "-5", "1.5", "1:2", "1:75:00"])("refuses %s", (input) => expect(parseVideoStart(input)).toBeNull());
  it("refuses numbers that are not whole seconds", () => {
    expect(parseVideoStart(-1)).toBeNull();
    expect(parseVideoStart(2.5)).toBeNull();
  });
  it("writes seconds as the artist would", () => {
    expect(formatVideoStart(83)).toBe("1:23");
    expect(formatVideoStart(3723)).toBe("1:02:03");
    expect(formatVideoStart(0)).toBe("0:00");
  });
});

describe("parseYouTubeStart", () => {
  it.each([
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=73s", 73],
    ["https://www.youtube.com/watch?t=73&v=aqz-KE-bpKQ", 73],
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=1m13s", 73],
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=1h2m3s", 3723],
    ["https://youtu.be/aqz-KE-bpKQ?t=73", 73],
    ["https://youtu.be/aqz-KE-bpKQ?si=abc&t=73", 73],
    ["https://www.youtube.com/embed/aqz-KE-bpKQ?start=73", 73],
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ#t=73", 73],
    ["youtube.com/watch?v=aqz-KE-bpKQ&t=0s", 0],
  ])("reads %s", (input, seconds) => expect(parseYouTubeStart(input)).toBe(seconds));

  it.each([
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    "aqz-KE-bpKQ",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=soon",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=-5",
    "https://evil.example/watch?v=aqz-KE-bpKQ&t=73",
  ])("finds no start in %s", (input) => expect(parseYouTubeStart(input)).toBeNull());
});
