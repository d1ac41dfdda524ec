import { describe, expect, it } from "vitest";
import { checkPressFile, sniffPdf, startsLikePdf } from "./pdf-rules.ts";
import { MAX_PRESS_FILE_BYTES, PRESS_FILES_TEXT } from "./ui-text.ts";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describe("telling a PDF by its first bytes", () => {
  it("takes a file that starts with a PDF's header, whatever version it names", () => {
    for (const head of ["%PDF-1.4\n", "%PDF-1.7\r\n%âãÏÓ", "%PDF-2.0", "%PDF-"]) expect(startsLikePdf(bytes(head)), head).toBe(true);
    expect(sniffPdf(Buffer.from("%PDF-1.7"))).toEqual({ ext: "pdf", mime: "application/pdf" });
  });

  it("refuses anything else, a file merely named .pdf included", () => {
    for (const head of [
      "",
      "%PDF",
      "%pdf-1.4",
      " %PDF-1.4",
      "\uFEFF%PDF-1.4",
      "PK\u0003\u0004",
      "GIF89a",
      "<html>%PDF-1.4",
      "\xff\xd8\xff\xe0",
    ]) {
      expect(startsLikePdf(bytes(head)), JSON.stringify(head)).toBe(false);
    }
    expect(sniffPdf(Buffer.from("MZ not a pdf"))).toBeNull();
  });

  it("says in the browser what is wrong with a chosen file before a byte is sent", () => {
    expect(checkPressFile({ size: 1000 }, bytes("%PDF-1.4"))).toBeNull();
    expect(checkPressFile({ size: MAX_PRESS_FILE_BYTES }, bytes("%PDF-1.4"))).toBeNull();
    expect(checkPressFile({ size: MAX_PRESS_FILE_BYTES + 1 }, bytes("%PDF-1.4"))).toBe(PRESS_FILES_TEXT.tooLarge);
    expect(checkPressFile({ size: 1000 }, bytes("\xff\xd8\xff\xe0"))).toBe(PRESS_FILES_TEXT.notPdf);
    expect(checkPressFile({ size: 0 }, bytes(""))).toBe(PRESS_FILES_TEXT.noFile);
  });
});
