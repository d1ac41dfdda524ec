import { describe, expect, it } from "vitest";
import { parseAmount, parseOffer } from "./schema.ts";
import { OFFER_TEXT } from "./ui-text.ts";

describe("the Downloads form", () => {
  it("reads amounts as people write them, in the currency's minor units", () => {
    expect(parseAmount("7", "EUR")).toEqual({ ok: true, amount: 700 });
    expect(parseAmount(" 7.5 ", "EUR")).toEqual({ ok: true, amount: 750 });
    expect(parseAmount("7,50", "EUR")).toEqual({ ok: true, amount: 750 });
    expect(parseAmount("€12.99", "EUR")).toEqual({ ok: true, amount: 1299 });
    expect(parseAmount("800", "JPY")).toEqual({ ok: true, amount: 800 });
    expect(parseAmount("", "EUR")).toEqual({ ok: true, amount: null });
    for (const wrong of ["seven", "7.555", "-3", "1e3", "7.5.0", "0x10"])
      expect(parseAmount(wrong, "EUR"), wrong).toEqual({ ok: false, message: OFFER_TEXT.amountInvalid });
    expect(parseAmount("800.50", "JPY")).toEqual({ ok: false, message: OFFER_TEXT.amountInvalid });
    expect(parseAmount("20000", "EUR")).toEqual({ ok: false, message: OFFER_TEXT.amountTooLarge });
  });

  it("takes an offer with its formats, and asks for a format when downloads are on", () => {
    expect(parseOffer({ access: "pay", "format-flac": "on", "format-mp3-320": "on", suggested: "7", currency: "USD" })).toEqual({
      ok: true,
      offer: { access: "pay", formats: ["mp3-320", "flac"], suggestedAmount: 700, currency: "USD" },
      priceChosen: true,
    });
    expect(parseOffer({ access: "free", currency: "EUR" })).toEqual({ ok: false, fields: { formats: OFFER_TEXT.formatRequired } });
    // Streaming only needs no format, and the price is neither read nor changed.
    expect(parseOffer({ access: "stream", suggested: "nonsense", currency: "EUR" })).toMatchObject({
      ok: true,
      offer: { access: "stream" },
      priceChosen: false,
    });
  });

  it("refuses what no form of ours sends, field by field", () => {
    expect(parseOffer({ access: "sell", "format-opus": "on", currency: "EUR" })).toEqual({
      ok: false,
      fields: { access: OFFER_TEXT.badRequest },
    });
    expect(parseOffer({ access: "pay", "format-opus": "on", currency: "XXX", suggested: "5" })).toEqual({
      ok: false,
      fields: { currency: OFFER_TEXT.badRequest },
    });
    expect(parseOffer({ access: "pay", "format-opus": "on", currency: "EUR", suggested: "lots" })).toEqual({
      ok: false,
      fields: { suggested: OFFER_TEXT.amountInvalid },
    });
    // A field named like Object's own keys makes no format and no prototype change.
    const parsed = parseOffer({ access: "free", "format-__proto__": "on", "format-constructor": "on", currency: "EUR" });
    expect(parsed.ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
