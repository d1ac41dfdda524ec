// CSV as spreadsheets open it (RFC 4180), safe to open: the subscriber list's
// export and a batch of download codes.

/**
 * One CSV field. A value a spreadsheet would run as a formula (starting with
 * = + - @, or a tab or carriage return that some apps skip before looking) gets
 * a leading single quote; then RFC 4180 quoting for commas, quotes and line breaks.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of fields, with the CRLF RFC 4180 ends lines with. */
export function csvRow(values: readonly string[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
