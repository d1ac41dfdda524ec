// XML for what other programs read (the RSS feed, the sitemap) and for HTML
// attributes built as text (the oEmbed answer's iframe). Every value goes in
// escaped: `xml` escapes whatever it interpolates, so a field cannot be
// forgotten, and a song titled `A < B & "C" ]]> D` stays one well-formed text.

/**
 * Characters XML 1.0 cannot carry at all, escaped or not (C0 controls other
 * than tab, line feed and return; lone surrogates; U+FFFE and U+FFFF). A
 * strict parser refuses the whole document over one of them, so they are
 * dropped rather than passed on.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text made safe for XML character data and for attribute values in either
 * quote. `>` is escaped too, so `]]>` never appears; `&apos;` is XML's and
 * HTML5's alike.
 */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Markup already escaped: what `xml` returns, and may take back in. */
export class Markup {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

type XmlValue = string | number | Markup | readonly Markup[] | null | undefined | false;

/**
 * A template for XML: strings and numbers are escaped, Markup (and lists of
 * it) is taken as it is, and null, undefined and false leave nothing, so an
 * optional element is `${value ? xml`<a>${value}</a>` : null}`.
 */
export function xml(strings: TemplateStringsArray, ...values: XmlValue[]): Markup {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += piece(value) + (strings[i + 1] ?? "");
  });
  return new Markup(out);
}

function piece(value: XmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map((item: Markup) => item.text).join("");
  return escapeXml(String(value));
}
