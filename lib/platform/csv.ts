// CSV files the product hands out (shortlists, 1099 totals): RFC 4180 quoting, CRLF lines.

/** One cell: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised (spreadsheet formula injection). */
export const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A header and rows as one CSV text ending in CRLF. */
export const csvText = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  [header.map(csvCell).join(","), ...rows.map((r) => r.map(csvCell).join(","))].join("\r\n") + "\r\n";
