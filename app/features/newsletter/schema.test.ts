import { describe, expect, it } from "vitest";
import { formatDate as formatSubscribedDate } from "#app/lib/time/format-date.ts";
import { quickEmailProblem } from "./newsletter.ts";
import { NEWSLETTER_TEXT } from "./ui-text.ts";
import { newsletterEmailSchema, subscribeFormSchema } from "./schema.ts";

const messageOf = (value: unknown) => {
  const result = newsletterEmailSchema.safeParse(value);
  return result.success ? result.data : `error: ${result.error.issues[0]?.message}`;
};

describe("newsletter e-mail schema", () => {
  it("requires an address", () => {
    for (const value of ["", "   ", undefined, null, 42]) expect(messageOf(value)).toBe(`error: ${NEWSLETTER_TEXT.required}`);
    expect(subscribeFormSchema.safeParse({}).error?.issues[0]?.message).toBe(NEWSLETTER_TEXT.required);
  });

  it("says 'Invalid email address' without an '@', for a bad format, and when too long", () => {
    for (const value of ["juniper", "juniper.example.com", "a@", "@example.com", "a@b", "a b@example.com", `${"x".repeat(250)}@a.co`]) {
      expect(messageOf(value), value).toBe(`error: ${NEWSLETTER_TEXT.invalid}`);
    }
  });

  it("trims and lowercases", () => {
    expect(messageOf("  Fan.Mail+Music@Example.COM \n")).toBe("fan.mail+music@example.com");
  });
});

describe("the browser's quick check", () => {
  it("catches empty and '@'-less values and leaves the rest to the format check", () => {
    expect(quickEmailProblem("  ")).toBe(NEWSLETTER_TEXT.required);
    expect(quickEmailProblem("juniper")).toBe(NEWSLETTER_TEXT.invalid);
    expect(quickEmailProblem("a@")).toBeNull();
    expect(quickEmailProblem("fan@example.com")).toBeNull();
  });
});

describe("subscriber dates", () => {
  it("prints a US long date in the given zone, and copes with a bad zone or time", () => {
    const t = Date.UTC(2026, 10, 22, 23, 30);
    expect(formatSubscribedDate(t, "UTC")).toBe("November 22, 2026");
    expect(formatSubscribedDate(t, "Asia/Tokyo")).toBe("November 23, 2026");
    expect(formatSubscribedDate(t, "Not/AZone")).toBe("November 22, 2026");
    expect(formatSubscribedDate(Number.NaN, "UTC")).toBe("Unknown date");
  });
});
