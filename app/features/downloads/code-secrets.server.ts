// Making a code and what the database keeps of it. Only the hash is stored,
// so the plain codes exist once, on the page that made them. Plain SHA-256
// rather than a key from AUTH_SECRET: a printed card must keep working when a
// site moves without its secret, and what a leaked database could give away
// is music, not accounts.
import { createHash, randomBytes } from "node:crypto";
import { CODE_ALPHABET, CODE_LENGTH } from "./code-format.ts";

/**
 * A new code, its ten symbols unformatted. Each symbol is five bits of one
 * random byte: 256 is a multiple of 32, so every symbol is equally likely (no
 * modulo bias), and a code has 50 bits a guess must find.
 */
export function newCode(): string {
  let code = "";
  for (const byte of randomBytes(CODE_LENGTH)) code += CODE_ALPHABET[byte & 31];
  return code;
}

/** What the database keeps of a normalised code (normaliseCode). */
export const codeHash = (code: string) => createHash("sha256").update(code).digest("hex");
