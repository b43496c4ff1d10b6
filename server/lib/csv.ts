import "server-only";
/** CSV for every dashboard export (gift codes, revenue, orders, players, ledgers, payouts, audit). */

/**
 * One RFC 4180 field: quoted when it holds a comma, a quote or a line break, quotes doubled.
 * SECURITY: a field starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so that a
 * spreadsheet opening the export never runs it as a formula (OWASP "CSV injection").
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * One record, CRLF-terminated as RFC 4180 asks. A number is written bare: its "-" is a sign, not a
 * formula, and a spreadsheet must read -50 as a number, not as the text '-50.
 */
export function csvLine(fields: (string | number)[]): string {
  return `${fields.map((f) => (typeof f === "number" ? String(f) : csvField(f))).join(",")}\r\n`;
}

/** A whole file: the header line, then one line per record. */
export function csvFile(header: string[], records: Iterable<(string | number)[]>): string {
  let out = csvLine(header);
  for (const r of records) out += csvLine(r);
  return out;
}
