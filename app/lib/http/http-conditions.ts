// RFC 9110's answer to a GET or HEAD of a stored object, decided the same way on
// every media path (local files, the bucket streamed through): conditional
// requests, If-Range and byte ranges. Pure: headers in, an answer out.
import type { IncomingHttpHeaders } from "node:http";

export type ObjectInfo = { size: number; modified: Date };
export type ByteRange = { start: number; end: number };
/** What a GET or HEAD of an existing object gets. */
export type MediaAnswer = { status: 200 | 304 | 412 | 416 } | { status: 206; range: ByteRange };

/**
 * RFC 9110's answer to a GET or HEAD of an existing object, in its order
 * (§13.2.2): If-Match, else If-Unmodified-Since (412); If-None-Match, else
 * If-Modified-Since (304); then If-Range and Range (206, 416, or the whole).
 */
export function answerFor(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  info: ObjectInfo,
  etag = strongEtag(info),
): MediaAnswer {
  // HTTP dates have whole seconds; Last-Modified is compared at that precision.
  const modified = wholeSeconds(info.modified);
  if (preconditionFailed(headers, etag, modified)) return { status: 412 };
  if (notModified(headers, etag, modified)) return { status: 304 };
  // §14.2: range handling is defined for GET only; a HEAD gets the whole object's headers.
  const rangeHeader = headers.range;
  if (method !== "GET" || rangeHeader === undefined || !rangeStillValid(joined(headers["if-range"]), etag, modified))
    return { status: 200 };
  const range = parseByteRange(rangeHeader, info.size);
  if (range === "unsatisfiable") return { status: 416 };
  return range ? { status: 206, range } : { status: 200 };
}

/** The same formula for every driver, so If-Range and If-None-Match behave the same everywhere. */
export function strongEtag(info: ObjectInfo): string {
  return `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`;
}

export const wholeSeconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;

/** Node types headers it does not know as possibly repeated; it joins repeats of them with commas. */
const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** A header a client sent empty is treated as not sent, as most servers do. */
const present = (value: string | undefined): value is string => value !== undefined && trimOws(value) !== "";

/** If-Match with strong comparison (§13.1.1), else If-Unmodified-Since (§13.1.4). */
function preconditionFailed(headers: IncomingHttpHeaders, etag: string, modified: number): boolean {
  const ifMatch = headers["if-match"];
  if (present(ifMatch)) return trimOws(ifMatch) !== "*" && !entityTags(ifMatch).includes(etag);
  const since = parseHttpDate(headers["if-unmodified-since"]);
  return since !== null && modified > since;
}

/** If-None-Match with weak comparison (§13.1.2), else If-Modified-Since (§13.1.3). */
function notModified(headers: IncomingHttpHeaders, etag: string, modified: number): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (present(ifNoneMatch)) return trimOws(ifNoneMatch) === "*" || entityTags(ifNoneMatch).some((tag) => tag.replace(/^W\//, "") === etag);
  const since = parseHttpDate(headers["if-modified-since"]);
  return since !== null && modified <= since;
}

/**
 * If-Range (§13.1.5): the range is served only if the validator is our strong
 * ETag or exactly our Last-Modified date; a weak or stale one means the
 * client's partial copy is of another version, so it gets the whole object.
 */
function rangeStillValid(ifRange: string | undefined, etag: string, modified: number): boolean {
  if (!present(ifRange)) return true;
  const value = trimOws(ifRange);
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag;
  return parseHttpDate(value) === modified;
}

/** One element of an entity-tag list, and the comma or end after it; linear, whatever the input. */
const ENTITY_TAG_ELEMENT = /[ \t]*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")?[ \t]*(,|$)/y;

/**
 * The entity tags in an If-Match or If-None-Match list (§8.8.3, empty elements
 * allowed). A list that is not one matches nothing: "*" is handled by the caller.
 */
function entityTags(header: string): string[] {
  const element = new RegExp(ENTITY_TAG_ELEMENT);
  const tags: string[] = [];
  for (;;) {
    const match = element.exec(header);
    if (!match) return [];
    if (match[1]) tags.push(match[1]);
    if (match[2] === "") return tags;
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850_DATE =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-([A-Z][a-z]{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * An HTTP-date (RFC 9110 §5.6.7: IMF-fixdate and the two obsolete forms) in
 * epoch milliseconds, or null. A condition whose date is not one is ignored
 * (§13.1.3, §13.1.4), so "1" or "2024-01-01", which Date.parse reads, are not dates here.
 */
export function parseHttpDate(value: string | undefined): number | null {
  const fields = value === undefined ? null : httpDateFields(trimOws(value));
  if (!fields) return null;
  const [day = "", month = "", yearText = "", hour = "", minute = "", second = ""] = fields;
  let year = Number(yearText);
  // §5.6.7: a two-digit year (rfc850-date) more than 50 years ahead is the last such year in the past.
  if (yearText.length === 2) year += year + 2000 > new Date().getUTCFullYear() + 50 ? 1900 : 2000;
  return utcTime(year, MONTHS.indexOf(month), Number(day), Number(hour), Number(minute), Number(second));
}

/** Day, month, year, hour, minute, second, as written, whichever of the three forms `text` is in. */
function httpDateFields(text: string): (string | undefined)[] | null {
  const fixed = IMF_FIXDATE.exec(text) ?? RFC850_DATE.exec(text);
  if (fixed) return fixed.slice(1);
  const asctime = ASCTIME_DATE.exec(text);
  return asctime ? [asctime[2]?.trim(), asctime[1], asctime[6], asctime[3], asctime[4], asctime[5]] : null;
}

/** The instant, or null for a day the month lacks or a time no clock shows (60 s allows a leap second). */
function utcTime(year: number, month: number, day: number, hour: number, minute: number, second: number): number | null {
  if (month < 0 || hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0-99 are not 1900-1999.
  date.setUTCFullYear(year, month, day);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month) return null;
  date.setUTCHours(hour, minute, second);
  return date.getTime();
}

/** Optional whitespace (§5.6.3) is spaces and tabs only; String#trim would also take NBSP. */
function trimOws(text: string): string {
  const ows = (index: number) => text[index] === " " || text[index] === "\t";
  let start = 0;
  let end = text.length;
  while (start < end && ows(start)) start++;
  while (end > start && ows(end - 1)) end--;
  return text.slice(start, end);
}

/** Compares two runs of decimal digits exactly, however long (Number would round them). */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Parses a Range header against an object of `size` bytes (RFC 9110 §14.1.2):
 * `bytes=0-1`, `bytes=100-`, `bytes=-500`. Returns the one range to serve,
 * "unsatisfiable" (416) when no range overlaps the object, or null to ignore
 * the header and serve the whole object: invalid syntax (which §14.2 lets a
 * server ignore: `bytes=5-2`, `items=0-1`, `bytes=abc`), or several ranges
 * that stay disjoint after merging overlapping and adjacent ones. We never
 * answer multipart/byteranges; players do not need it. Numbers of any length
 * are fine: one past the end of any object is simply past its end.
 */
export function parseByteRange(header: string, size: number): ByteRange | "unsatisfiable" | null {
  const value = trimOws(header);
  if (!/^bytes=/i.test(value)) return null;
  // §5.6.1.2: empty list elements are allowed and ignored.
  const specs = value
    .slice("bytes=".length)
    .split(",")
    .map(trimOws)
    .filter((spec) => spec !== "");
  if (specs.length === 0) return null;
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const match = /^(\d*)-(\d*)$/.exec(spec);
    const [, first = "", last = ""] = match ?? [];
    if (!match || (first === "" && last === "")) return null;
    if (first === "") {
      const length = Number(last);
      // "-0" asks for nothing, so it cannot be satisfied; on an empty object any other suffix is all of it.
      if (length === 0) continue;
      if (size === 0) return null;
      ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    if (last !== "" && compareDigits(last, first) < 0) return null;
    const start = Number(first);
    if (start < size) ranges.push({ start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) });
  }
  if (ranges.length === 0) return "unsatisfiable";

  ranges.sort((a, b) => a.start - b.start);
  const merged: ByteRange[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end + 1) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged.length === 1 ? (merged[0] ?? null) : null;
}
