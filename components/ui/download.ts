/** Saves data the dashboard fetched (the query already checked the session and role) as a file download. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** CSV text from a tRPC query as a file, with a byte order mark so spreadsheet programs read UTF-8. */
export function downloadCsv(file: { filename: string; csv: string }): void {
  downloadBlob(file.filename, new Blob(["\uFEFF", file.csv], { type: "text/csv;charset=utf-8" }));
}

/** A JSON document as a pretty-printed file (catalog export, a player's data export). */
export function downloadJson(filename: string, data: unknown): void {
  downloadBlob(filename, new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" }));
}
