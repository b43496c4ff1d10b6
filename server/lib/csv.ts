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

export type CsvRecord = (string | number)[];

/** An export as it streams: its file name, header, and records read lazily (a cursor's batches). */
export type CsvStreamSource = { filename: string; header: string[]; records: AsyncIterable<CsvRecord> };

const BYTE_ORDER_MARK = "\uFEFF";

/**
 * The file as a byte stream, a byte order mark first (spreadsheets then read UTF-8). Pull-based: a
 * record is read only when the client has taken the previous ones, so memory stays one batch, whatever
 * the size of the export. `onClose` runs once, when the stream ends, fails or is canceled.
 */
export function csvStream(source: CsvStreamSource, onClose: () => Promise<void> = async () => {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = source.records[Symbol.asyncIterator]();
  let closed = false;
  // Before the reader sees the end: whatever onClose gives back (an export slot) is back by then.
  const close = async () => {
    if (closed) return;
    closed = true;
    await onClose();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(source.header)));
      },
      async pull(controller) {
        try {
          // Up to 200 records per chunk: fewer, larger writes; still a bounded amount in memory.
          let chunk = "";
          for (let i = 0; i < 200; i += 1) {
            const next = await iterator.next();
            if (next.done) {
              if (chunk) controller.enqueue(encoder.encode(chunk));
              await close();
              controller.close();
              return;
            }
            chunk += csvLine(next.value);
          }
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          await close();
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
        await close();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The whole file as text, byte order mark excluded: for small exports and tests. */
export async function csvText(source: CsvStreamSource): Promise<string> {
  let out = csvLine(source.header);
  for await (const record of source.records) out += csvLine(record);
  return out;
}
