// fast-check generators for what people and scripts really send: ordinary
// text, any Unicode (lone surrogates included), control characters, the
// shapes of injection attacks, blank and oversize values, e-mail addresses,
// and nothing at all.
import fc from "fast-check";

const INJECTION_SHAPES = [
  "' OR '1'='1",
  "'; DROP TABLE contacts; --",
  'Robert"); DELETE FROM songs; --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}<%= 7*7 %>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00%2e%2e%2f",
  '=HYPERLINK("http://evil.example")',
  "admin@example.com\r\nBcc: victim@example.com",
  "__proto__",
  "constructor",
  "\u202eexe.txt",
  "null",
  "undefined",
  "[object Object]",
];

const CONTROL = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\r",
  "\u000b",
  "\f",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u2028",
  "\ufeff",
  "\ufffe",
];

/** A string with control characters spliced in. */
const withControl = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** Far longer than any field allows: up to 20,000 code units, some of them astral. */
const oversize = fc
  .tuple(fc.integer({ min: 101, max: 20_000 }), fc.constantFrom("x", "é", "𝄞", "🎵", "a b ", "<>"))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any text a form field might carry. */
export const nastyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...INJECTION_SHAPES),
  withControl,
  fc.constantFrom("", " ", "   \t\n ", "\u00a0", "\u3000"),
  oversize,
  fc.emailAddress(),
);

/** An e-mail field: mostly address-like, with the rest of the nasty set. */
export const nastyEmail: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.emailAddress().map((e) => ` ${e.toUpperCase()} `) },
  { weight: 1, arbitrary: fc.tuple(fc.emailAddress(), withControl).map(([e, c]) => `${e}${c}`) },
  { weight: 3, arbitrary: nastyText },
);

/** A field that may be missing altogether. */
export const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined, freq: 6 });

/** What the server sees of a string sent in a UTF-8 form: lone surrogates become U+FFFD. */
export const asSent = (value: string): string => value.toWellFormed();

/** How React writes text into HTML, to look for a message in a page. */
export const inHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

let clientCounter = 0;
/** A visitor address of its own (172.16/12, which no other spec uses), so per-address limits never decide a case. */
export const freshClientIp = (): string => {
  clientCounter += 1;
  return `172.${16 + ((clientCounter >> 16) % 16)}.${(clientCounter >> 8) % 256}.${clientCounter % 256}`;
};
