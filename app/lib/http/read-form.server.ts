import { ok, refused, type Result } from "#app/lib/result.ts";

// Reading a form post without trusting it: a body that is not a form, or far
// bigger than any of our forms, is answered with a message (400, 413 or 415)
// instead of an exception, and is never buffered past the limit.

/** Our largest form is a contact message of 5,000 characters; this leaves room for any encoding of it. */
export const MAX_FORM_BYTES = 256 * 1024;

export const FORM_ERRORS = {
  unreadable: "We couldn't read what was sent. Please reload the page and try again.",
  tooLarge: "What was sent is too large. Please shorten it and try again.",
  nulCharacter: "What was sent contains a null character, which cannot be stored. Please remove it and try again.",
} as const;

/**
 * True when a value (or any string inside it) holds U+0000. No person types
 * one, PostgreSQL cannot store one in text, and some parsers stop at one, so
 * such input is refused where it comes in rather than failing deeper down.
 */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, inner]) => containsNul(key) || containsNul(inner));
  return false;
}

/** The media type of a Content-Type header, without its parameters: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** A form as posted, or why it cannot be read: not a form (415), too large (413), unreadable or holding a NUL (400). */
export type FormRead = Result<{ form: FormData }, { status: 400 | 413 | 415 }>;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormRead> {
  const type = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.some((formType) => type.toLowerCase().startsWith(formType))) {
    return refused(415, FORM_ERRORS.unreadable);
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) return refused(413, FORM_ERRORS.tooLarge);
  const bytes = await readAtMost(request.body, maxBytes);
  if (bytes === "too-large") return refused(413, FORM_ERRORS.tooLarge);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    return refused(400, FORM_ERRORS.unreadable);
  }
  for (const [name, value] of form.entries()) {
    if (containsNul(name) || (typeof value === "string" && containsNul(value))) return refused(400, FORM_ERRORS.nulCharacter);
  }
  return ok({ form });
}

async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | "too-large"> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return "too-large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The string fields of a form, the first of each name (as `form.get` reads);
 * a file where text belongs counts as missing. No prototype, so a field named
 * `__proto__` or `constructor` is just a field.
 */
export function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of form.entries()) if (typeof value === "string" && !Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}
