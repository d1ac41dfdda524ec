import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, EXAMPLE_CODE, formatCode, normaliseCode } from "./code-format.ts";
import { codeHash, newCode } from "./code-secrets.server.ts";

describe("download codes as people read and type them", () => {
  it("are Crockford's base 32: digits and letters, none of I, L, O or U", () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
    expect(CODE_ALPHABET).toMatch(/^[0-9A-Z]+$/);
  });

  it("are ten symbols, printed in two groups of five", () => {
    const code = newCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(formatCode("7KQ3MXW2ZP")).toBe("7KQ3M-XW2ZP");
    expect(normaliseCode(EXAMPLE_CODE)).toBe("7KQ3MXW2ZP");
  });

  it("are read in any case, with spaces and dashes anywhere", () => {
    for (const typed of [
      "7kq3m-xw2zp",
      " 7KQ3M XW2ZP ",
      "7kq3mxw2zp",
      "7 k q 3 m - x w 2 z p",
      "7KQ3M\u2013XW2ZP",
      "7KQ3M\u2212XW2ZP",
      "7KQ3M\tXW2ZP",
    ])
      expect(normaliseCode(typed), typed).toBe("7KQ3MXW2ZP");
    // Full-width letters, as some phone keyboards give them, are their plain letters.
    expect(normaliseCode("７ＫＱ３Ｍ－ＸＷ２ＺＰ")).toBe("7KQ3MXW2ZP");
  });

  it("take O for zero and I or L for one, as Crockford does, so a misread card still works", () => {
    expect(normaliseCode("AO0BI1CL1D")).toBe("A00B11C11D");
    expect(normaliseCode("ao0bi1cl1d")).toBe("A00B11C11D");
  });

  it("are not anything else: a U, punctuation, too short or too long, or absurdly long input", () => {
    for (const typed of [
      "",
      "-----",
      "7KQ3M-XW2Z",
      "7KQ3M-XW2ZPP",
      "7KQ3U-XW2ZP",
      "7KQ3M.XW2ZP",
      "7KQ3M_XW2ZP",
      "7KQ3M/XW2ZP",
      "7KQ3Mé-XW2Z",
      "x".repeat(10_000),
    ])
      expect(normaliseCode(typed), typed).toBeNull();
  });

  it("are kept as the SHA-256 of their ten symbols, so every way of typing one finds it", () => {
    const code = "7KQ3MXW2ZP";
    expect(codeHash(code)).toBe(createHash("sha256").update(code).digest("hex"));
    expect(codeHash(normaliseCode("7kq3m xw2zp") ?? "")).toBe(codeHash(code));
  });

  it("use every symbol equally often (no modulo bias), and do not repeat", () => {
    const counts = new Map<string, number>();
    const codes = new Set<string>();
    const total = 20_000;
    for (let i = 0; i < total; i++) {
      const code = newCode();
      codes.add(code);
      for (const symbol of code) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(codes.size).toBe(total);
    expect([...counts.keys()].sort().join("")).toBe([...CODE_ALPHABET].sort().join(""));
    // Chi-squared with 31 degrees of freedom: a fair die stays under 70 but about once in 100,000 runs;
    // a bias of modulo's size (one symbol in eight drawn twice as often, say) lands in the thousands.
    const expected = (total * 10) / 32;
    const chiSquared = [...counts.values()].reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    expect(chiSquared).toBeLessThan(70);
  });
});
