/**
 * True for text a mail header can carry as one line: no CR, LF or other
 * control character (a line break would start a header of its own: header
 * injection), and no Unicode line or paragraph separator.
 */
export function headerSafe(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) return false;
  }
  return true;
}
