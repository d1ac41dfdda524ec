import { describe, expect, it } from "vitest";
import { codesCsv, csvDataUrl, csvFileName } from "./code-csv.ts";

describe("a batch's CSV", () => {
  const batch = { releaseTitle: 'Low Tide, "Live"', codes: ["7KQ3M-XW2ZP", "0AB12-CDEFG"], usesPerCode: 2, lastDay: "2027-03-28" };

  it("has a header, then the code, release, uses and last day of each code, quoted as RFC 4180 says", () => {
    expect(codesCsv(batch)).toBe(
      'code,release,uses,expiry\r\n7KQ3M-XW2ZP,"Low Tide, ""Live""",2,2027-03-28\r\n0AB12-CDEFG,"Low Tide, ""Live""",2,2027-03-28\r\n',
    );
    expect(codesCsv({ ...batch, releaseTitle: "=cmd()", lastDay: null }).split("\r\n")[1]).toBe("7KQ3M-XW2ZP,'=cmd(),2,");
  });

  it("travels in a data: address as UTF-8 with a byte-order mark, and is named for its release and day", () => {
    const url = csvDataUrl(codesCsv({ ...batch, releaseTitle: "Île" }));
    expect(url.startsWith("data:text/csv;charset=utf-8,%EF%BB%BFcode%2Crelease")).toBe(true);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toContain("Île");
    expect(csvFileName("Île de Ré: Live!", Date.UTC(2027, 2, 1, 12))).toBe("download-codes-ile-de-re-live-2027-03-01.csv");
    expect(csvFileName("夜", Date.UTC(2027, 2, 1))).toBe("download-codes-release-2027-03-01.csv");
  });
});
