// A download code as people read, write and type it (decision 028): ten
// characters of Crockford's base 32, which has no I, L, O or U, so nothing on
// a card can be taken for something else; shown in two groups of five. What a
// fan types is read as Crockford reads it: any case, spaces and dashes
// anywhere, and the letters people write for the digits mapped to them (O for
// 0, I and L for 1), so a misread card still works. Shared by the server, the
// pages and the tests.

/** The 32 symbols, in Crockford's order: a code's character is the symbol at its five bits. */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 10;

/** An example in the shape every code has, for hints and placeholders. */
export const EXAMPLE_CODE = "7KQ3M-XW2ZP";

const CODE_SHAPE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** Crockford's readings of the letters that are not symbols but look like one. */
const LOOK_ALIKES: Record<string, string> = { O: "0", I: "1", L: "1" };

/** Longer than anyone types a code, even spaced out: not read at all. */
const MAX_TYPED = 64;

/**
 * The code a fan typed, as its ten symbols, or null when it cannot be one.
 * Spaces and dashes (any Unicode dash, and the minus sign a keyboard may give)
 * are dropped; full-width and other compatibility forms count as their plain
 * letters (NFKC); case is ignored.
 */
export function normaliseCode(typed: string): string | null {
  if (typed.length > MAX_TYPED) return null;
  const compact = typed
    .normalize("NFKC")
    .replace(/[\s\p{Pd}\u2212]/gu, "")
    .toUpperCase()
    .replace(/[OIL]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
  return CODE_SHAPE.test(compact) ? compact : null;
}

/** `7KQ3MXW2ZP` as it is printed: `7KQ3M-XW2ZP`. */
export const formatCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
