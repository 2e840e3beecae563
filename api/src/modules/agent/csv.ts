/** CSV files of report rows (RFC 4180), safe to open in a spreadsheet. */

type Cell = string | number | boolean | null | undefined;

/**
 * A cell as CSV: quoted when it holds a comma, quote or line break; text that a spreadsheet would
 * run as a formula (starting with =, +, - or @) is prefixed with an apostrophe. Numbers stay numbers.
 */
function csvCell(value: Cell) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, CRLF-separated, with a byte-order mark so spreadsheets read UTF-8. */
export function csvOf(header: readonly string[], rows: readonly Cell[][]) {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
