import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv.ts";

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField("plain@example.com")).toBe("plain@example.com");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvRow(["a", "b,c"])).toBe('a,"b,c"\r\n');
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    expect(csvField("=1+2")).toBe("'=1+2");
    expect(csvField("+1@example.com")).toBe("'+1@example.com");
    expect(csvField("-x@example.com")).toBe("'-x@example.com");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\t=cmd")).toBe("'\t=cmd");
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField("a=b@example.com")).toBe("a=b@example.com");
  });
});
